import autocannon, { type Request } from 'autocannon';
import { coreCount, cpuMsOf, machineIdleMs } from './cpu-time.ts';

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
  /** The server's CPU time per answer in µs (LoadSpec.pid), null when not measured. */
  cpuUsPerAnswer: number | null;
  /** The server's CPU time over the run in cores (1 = one core busy throughout), null when not measured. */
  serverCores: number | null;
  /** The machine's idle share over the run (every core, 0–1): what the server could not use. */
  machineIdle: number;
}

export interface LoadSpec {
  /** The server's base URL plus the path (GET), or the base URL when `requests` says what to send. */
  url: string;
  headers?: Record<string, string>;
  requests?: Request[];
  /** The server's process: its CPU time over the measured run is divided by the answers. */
  pid?: number;
}

/** What the server and the machine spent over a run: read before it, called after it. */
export type Usage = (answers: number, seconds: number) => Pick<Figure, 'cpuUsPerAnswer' | 'serverCores' | 'machineIdle'>;

export function usageFrom(pid: number | undefined): Usage {
  const cpuBefore = pid === undefined ? 0 : cpuMsOf(pid);
  const idleBefore = machineIdleMs();
  return (answers, seconds) => {
    const cpuMs = pid === undefined ? null : cpuMsOf(pid) - cpuBefore;
    const idleMs = machineIdleMs() - idleBefore;
    return {
      cpuUsPerAnswer: cpuMs === null || answers === 0 ? null : (cpuMs * 1000) / answers,
      serverCores: cpuMs === null ? null : cpuMs / (seconds * 1000),
      machineIdle: Math.min(1, idleMs / (seconds * 1000 * coreCount())),
    };
  };
}

async function run(spec: LoadSpec, seconds: number): Promise<Figure> {
  const usage = usageFrom(spec.pid);
  const r = await autocannon({
    url: spec.url,
    connections: LOAD.connections,
    duration: seconds,
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.requests ? { requests: spec.requests } : {}),
  });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  const answers = Object.values(statuses).reduce((sum, n) => sum + n, 0);
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
    ...usage(answers, r.duration),
  };
}

/** A discarded warm-up (JIT, caches, connection pools), then the measured run. */
export async function warmedUp(run: (seconds: number) => Promise<Figure>): Promise<Figure> {
  if (LOAD.warmupSeconds > 0) await run(LOAD.warmupSeconds);
  return run(LOAD.seconds);
}

/** autocannon's closed loop on LOAD.connections connections. */
export const measure = (spec: LoadSpec): Promise<Figure> => warmedUp((seconds) => run(spec, seconds));

/** The errors other than `expected` statuses, by kind: "503 ×3, timeout ×2". */
export function otherErrors(f: Figure, expected: (status: number) => boolean = () => false): { n: number; text: string } {
  const parts = Object.entries(f.statuses)
    .filter(([code]) => (Number(code) < 200 || Number(code) >= 300) && !expected(Number(code)))
    .map(([code, n]) => [code, n] as const);
  if (f.timeouts) parts.push(['timeout', f.timeouts]);
  if (f.socketErrors > 0) parts.push(['socket error', f.socketErrors]);
  return { n: parts.reduce((sum, [, n]) => sum + n, 0), text: parts.map(([k, n]) => `${k} ×${n}`).join(', ') };
}

export const count = (f: Pick<Figure, 'statuses'>, test: (status: number) => boolean) =>
  Object.entries(f.statuses)
    .filter(([code]) => test(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0);
