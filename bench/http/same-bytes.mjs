// The floor of a cached answer: a bare Fastify route that sends a fixed body, with the headers
// the app's JSON answers carry, as a pre-serialised string (what sendJson does). Run by hand
// beside the app to tell how much of a path's cost is only its bytes:
//   node bench/http/same-bytes.mjs PORT URL   (URL: an app address whose answer it copies)
import Fastify from 'fastify';

const [port = '3903', source] = process.argv.slice(2);
if (!source) throw new Error('usage: node bench/http/same-bytes.mjs PORT URL');
const copied = await fetch(source);
const body = await copied.text();
const headers = {};
for (const name of [
  'content-type',
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
]) {
  const value = copied.headers.get(name);
  if (value) headers[name] = value;
}

const app = Fastify();
app.get('/', (_req, reply) => reply.headers(headers).send(body));
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log(`same bytes as ${source}: ${Buffer.byteLength(body)} bytes of body, ${Object.keys(headers).length} headers, on port ${port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));
