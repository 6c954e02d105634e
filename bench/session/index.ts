/**
 * Cost of authentication per request: GET /api/auth/user with a session cookie (DB lookup of
 * the session, roles and passenger profile) beside a bare Fastify route in the same app and
 * process. SQLite by default; PostgreSQL when DATABASE_URL=postgres://… is set.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { dropSchema, openDatabase } from '../../packages/server/src/db/database.ts';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';
import { seed } from '../../packages/server/src/seed/index.ts';
import { hashPassword } from '../../packages/server/src/lib/passwords.ts';
import { fmt, load } from '../lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const config = testConfig();
const schema = config.databaseUrl.startsWith('postgres') ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const database = await openDatabase(config.databaseUrl === 'sqlite::memory:' ? 'sqlite::memory:' : config.databaseUrl, { schema });
await migrateToLatest(database.db);
await seed(database.db, { demo: false });
const now = new Date().toISOString();
const { id } = await database.db
  .insertInto('users')
  .values({
    email: 'bench@example.test',
    password_hash: await hashPassword('Bench12345'),
    email_verified_at: now,
    is_agency: 0,
    is_agency_auth: 0,
    locale: 'it',
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
void id;

const app = await buildApp(config, { database });
app.get('/bench/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
const xsrf = decodeURIComponent(
  csrf.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!
    .slice(11),
);
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}` },
  body: JSON.stringify({ email: 'bench@example.test', password: 'Bench12345' }),
});
if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
const session = login.headers
  .getSetCookie()
  .find((c) => c.startsWith('heliline_session='))!
  .split(';')[0]!;

console.log(`database ${database.dialect}, ${CONCURRENCY} concurrent clients, ${SECONDS}s each`);
const bare = await load(`${base}/bench/bare`, { seconds: SECONDS, concurrency: CONCURRENCY });
console.log(`bare Fastify route        ${fmt(bare)}`);
const user = await load(`${base}/api/auth/user`, { seconds: SECONDS, concurrency: CONCURRENCY, headers: { cookie: session } });
console.log(`GET /api/auth/user        ${fmt(user)}`);
console.log(`ratio authenticated/bare  ${(user.rps / bare.rps).toFixed(2)}`);

await app.close();
await database.close();
if (schema) await dropSchema(config.databaseUrl, schema);
