// The limit every path is compared with: a bare Fastify server with one route, in its own
// process, started by `npm run bench` next to the app. Port: the first argument.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2] ?? 3902) });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));
