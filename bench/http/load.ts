import autocannon, { type Request, type Result } from 'autocannon';
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

/** The server's CPU and the machine's idle time over a run, in ms (cpuMs null when the server's pid is not known). */
interface Spent {
  cpuMs: number | null;
  idleMs: number;
}

/** Starts counting what the server and the machine spend; the function returned stops. */
function spending(pid: number | undefined): () => Spent {
  const cpuBefore = pid === undefined ? 0 : cpuMsOf(pid);
  const idleBefore = machineIdleMs();
  return () => ({ cpuMs: pid === undefined ? null : cpuMsOf(pid) - cpuBefore, idleMs: machineIdleMs() - idleBefore });
}

function usageOf({ cpuMs, idleMs }: Spent, answers: number, seconds: number): Pick<Figure, 'cpuUsPerAnswer' | 'serverCores' | 'machineIdle'> {
  return {
    cpuUsPerAnswer: cpuMs === null || answers === 0 ? null : (cpuMs * 1000) / answers,
    serverCores: cpuMs === null ? null : cpuMs / (seconds * 1000),
    machineIdle: Math.min(1, idleMs / (seconds * 1000 * coreCount())),
  };
}

/** What the server and the machine spent over a run: read before it, called after it. */
export type Usage = (answers: number, seconds: number) => Pick<Figure, 'cpuUsPerAnswer' | 'serverCores' | 'machineIdle'>;

export function usageFrom(pid: number | undefined): Usage {
  const stop = spending(pid);
  return (answers, seconds) => usageOf(stop(), answers, seconds);
}

/** One autocannon run, its histograms kept encoded so that several runs add up to one figure. */
interface Slice {
  result: Result;
  spent: Spent;
}

async function slice(spec: LoadSpec, seconds: number): Promise<Slice> {
  const stop = spending(spec.pid);
  const result = await autocannon({
    url: spec.url,
    connections: LOAD.connections,
    duration: seconds,
    skipAggregateResult: true,
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.requests ? { requests: spec.requests } : {}),
  });
  return { result, spent: stop() };
}

/** The figure of one or more slices of the same load, as if they were one run. */
function figureOf(slices: Slice[], spec: LoadSpec): Figure {
  const r = autocannon.aggregateResult(
    slices.map((s) => s.result),
    { url: spec.url, connections: LOAD.connections },
  );
  const seconds = slices.reduce((sum, s) => sum + s.result.duration, 0);
  const cpuMs = spec.pid === undefined ? null : slices.reduce((sum, s) => sum + (s.spent.cpuMs ?? 0), 0);
  const idleMs = slices.reduce((sum, s) => sum + s.spent.idleMs, 0);
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  const answers = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    rps: r['2xx'] / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    seconds,
    statuses,
    errors: r.non2xx + r.errors,
    timeouts: r.timeouts,
    socketErrors: r.errors - r.timeouts,
    ...usageOf({ cpuMs, idleMs }, answers, seconds),
  };
}

const run = async (spec: LoadSpec, seconds: number): Promise<Figure> => figureOf([await slice(spec, seconds)], spec);

/** A discarded warm-up (JIT, caches, connection pools), then the measured run. */
export async function warmedUp(run: (seconds: number) => Promise<Figure>): Promise<Figure> {
  if (LOAD.warmupSeconds > 0) await run(LOAD.warmupSeconds);
  return run(LOAD.seconds);
}

/** autocannon's closed loop on LOAD.connections connections. */
export const measure = (spec: LoadSpec): Promise<Figure> => warmedUp((seconds) => run(spec, seconds));

/** Turns of each server in a paired measurement: LOAD.seconds each in all, in slices of about 2 s. */
const TURNS = Math.max(1, Math.round(LOAD.seconds / 2));

/**
 * A path and the hello-world loaded in turns (decision 051). After a warm-up of each, TURNS
 * slices of each alternate (limit, path, path, limit, limit…), so that both see the same minutes
 * of the shared machine, whose speed drifts by tens of % within one run. Each figure adds its
 * slices up: LOAD.seconds of each.
 */
export async function measurePaired(spec: LoadSpec, limit: LoadSpec): Promise<{ figure: Figure; limit: Figure }> {
  if (LOAD.warmupSeconds > 0) for (const s of [limit, spec]) await slice(s, LOAD.warmupSeconds);
  const seconds = LOAD.seconds / TURNS;
  const ofSpec: Slice[] = [];
  const ofLimit: Slice[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const order = turn % 2 === 0 ? [limit, spec] : [spec, limit];
    for (const s of order) (s === spec ? ofSpec : ofLimit).push(await slice(s, seconds));
  }
  return { figure: figureOf(ofSpec, spec), limit: figureOf(ofLimit, limit) };
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

export const count = (f: Pick<Figure, 'statuses'>, test: (status: number) => boolean) =>
  Object.entries(f.statuses)
    .filter(([code]) => test(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0);
