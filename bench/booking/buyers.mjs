// Load generator for bench/booking, in a worker thread so the client does not share the
// server's event loop: CONCURRENCY keep-alive loops POST pre-built booking bodies for SECONDS.
import { request, Agent } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, bodies, seconds, concurrency } = workerData;
const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let ok = 0;
let refused = 0;
let errors = 0;
let next = 0;

const once = (body) =>
  new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode === 200) ok++;
          else if (res.statusCode === 409) refused++;
          else errors++;
          resolve();
        });
      },
    );
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end(body);
  });

const start = performance.now();
const deadline = start + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) await once(bodies[next++ % bodies.length]);
  }),
);
agent.destroy();
parentPort.postMessage({ ok, refused, errors, seconds: (performance.now() - start) / 1000, latencies });
