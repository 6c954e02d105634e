import { request } from 'node:http';

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Keep-alive HTTP load from this process: `concurrency` loops for `seconds` (bounded). */
export async function load(url: string, options: { seconds: number; concurrency: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, headers: { connection: 'keep-alive', ...options.headers } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors };
}

export const fmt = (r: LoadResult) => `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms   errors ${r.errors}`;
