import { Agent, request } from 'node:http';
import { count, type Figure, LOAD, usageFrom, warmedUp } from './load.ts';

/** One HTTP request of a paced run. */
export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedSpec {
  /** The server's base URL. */
  url: string;
  /** Requests sent per second, one every 1/rate s. */
  rate: number;
  /** The next request to send (called once per request, in order). */
  next: () => PacedRequest;
  /** The server's process: its CPU time over the run is divided by the answers. */
  pid?: number;
}

/** A request with no answer after this long counts as a timeout, as in autocannon. */
const TIMEOUT_MS = 10_000;

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

/**
 * An open loop at a steady rate: request i is due at start + i/rate, whatever the answers before
 * it. autocannon's `overallRate` is not one: each connection sends its share of a second as fast
 * as it can, then waits for the next second, so 1,000/s arrives as ~5,000/s for 200 ms and
 * nothing for 800 ms (docs/decisions/047). Latency runs from when a request was due, not from
 * when a connection was free to send it, so a server that falls behind shows it in full
 * (no coordinated omission).
 */
async function run(spec: PacedSpec, seconds: number): Promise<Figure> {
  const base = new URL(spec.url);
  const agent = new Agent({ keepAlive: true, maxSockets: LOAD.connections, scheduling: 'fifo' });
  const total = Math.round(spec.rate * seconds);
  if (total < 1) throw new Error(`a paced run of ${seconds} s at ${spec.rate}/s sends nothing`);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let timeouts = 0;
  let socketErrors = 0;
  let settled = 0;

  const usage = usageFrom(spec.pid);
  const start = performance.now();
  const done = new Promise<void>((resolve) => {
    const settle = () => {
      if (++settled === total) resolve();
    };
    const send = (due: number) => {
      const r = spec.next();
      let over = false;
      // Each request settles once: by its answer's end, a timeout or a socket error.
      const finish = (record: () => void) => {
        if (over) return;
        over = true;
        record();
        settle();
      };
      const req = request({ host: base.hostname, port: base.port, method: r.method, path: r.path, headers: r.headers, agent, timeout: TIMEOUT_MS }, (res) => {
        res.resume();
        res.once('end', () =>
          finish(() => {
            latencies.push(performance.now() - due);
            statuses[res.statusCode!] = (statuses[res.statusCode!] ?? 0) + 1;
          }),
        );
      });
      req.once('timeout', () => {
        finish(() => timeouts++);
        req.destroy();
      });
      req.once('error', () => finish(() => socketErrors++));
      req.end(r.body);
    };
    let sent = 0;
    // Node's timers fire about every millisecond at best: each tick sends every request now due.
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / spec.rate <= now) send(start + (sent++ * 1000) / spec.rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  await done;
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const answers = latencies.length;
  const ok = count({ statuses }, (status) => status >= 200 && status < 300);
  return {
    rps: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    seconds,
    statuses,
    errors: answers - ok + timeouts + socketErrors,
    timeouts,
    socketErrors,
    ...usage(answers, elapsed),
  };
}

/** A discarded warm-up, then the measured run, as for autocannon's runs. */
export const measurePaced = (spec: PacedSpec): Promise<Figure> => warmedUp((seconds) => run(spec, seconds));
