import autocannon, { type Request } from 'autocannon';

/** Load settings of every path: 100 connections, 10 s measured after a discarded warm-up. */
export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 100),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
};

/** What one path did under load. rps counts 2xx answers only; latencies cover every answer. */
export interface Figure {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  seconds: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Non-2xx answers, socket errors and timeouts (autocannon counts timeouts among its errors). */
  errors: number;
  /** Requests with no answer within autocannon's 10 s. */
  timeouts: number;
  /** Connection errors other than timeouts. */
  socketErrors: number;
}

export interface LoadSpec {
  /** The server's base URL plus the path (GET), or the base URL when `requests` says what to send. */
  url: string;
  headers?: Record<string, string>;
  requests?: Request[];
  /** Open-ish loop: autocannon spreads this many requests per second over the connections. */
  overallRate?: number;
  connections?: number;
}

async function run(spec: LoadSpec, seconds: number): Promise<Figure> {
  const r = await autocannon({
    url: spec.url,
    connections: spec.connections ?? LOAD.connections,
    duration: seconds,
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.requests ? { requests: spec.requests } : {}),
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
  });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    seconds: r.duration,
    statuses,
    errors: r.non2xx + r.errors,
    timeouts: r.timeouts,
    socketErrors: r.errors - r.timeouts,
  };
}

/** A discarded warm-up (JIT, caches, connection pools), then the measured run. */
export async function measure(spec: LoadSpec): Promise<Figure> {
  if (LOAD.warmupSeconds > 0) await run(spec, LOAD.warmupSeconds);
  return run(spec, LOAD.seconds);
}

/** The errors other than `expected` statuses, by kind: "503 ×3, timeout ×2". */
export function otherErrors(f: Figure, expected: (status: number) => boolean = () => false): { n: number; text: string } {
  const parts = Object.entries(f.statuses)
    .filter(([code]) => (Number(code) < 200 || Number(code) >= 300) && !expected(Number(code)))
    .map(([code, n]) => [code, n] as const);
  if (f.timeouts) parts.push(['timeout', f.timeouts]);
  if (f.socketErrors > 0) parts.push(['socket error', f.socketErrors]);
  return { n: parts.reduce((sum, [, n]) => sum + n, 0), text: parts.map(([k, n]) => `${k} ×${n}`).join(', ') };
}

export const count = (f: Figure, test: (status: number) => boolean) =>
  Object.entries(f.statuses)
    .filter(([code]) => test(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0);
