import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, onTestFinished } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, testConfig } from '../src/config.ts';
import { PostgresAdapter, sql } from 'kysely';
import { type Db, type DbHandle, dropSchema, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle['db'];
  dialect: DbHandle['dialect'];
  config: Config;
}

/**
 * A ready app on a private database: in-memory SQLite, or a fresh PostgreSQL schema when
 * DATABASE_URL is set. Reference data is seeded; demo users are not. Closed after the file.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, options: Pick<BuildOptions, 'serveWeb' | 'logStream'> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const pg = config.databaseUrl.startsWith('postgres');
  const schema = pg ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase(config.databaseUrl, { schema });
  try {
    await migrateToLatest(database.db);
    await seed(database, { demo: false });
  } catch (err) {
    // Leave no half-built schema behind on a shared PostgreSQL server.
    await database.close();
    if (schema) await dropSchema(config.databaseUrl, schema);
    throw err;
  }
  const app = await buildApp(config, { database, ...options });
  await app.ready();
  whenDone(async () => {
    await app.close();
    await database.close();
    if (schema) await dropSchema(config.databaseUrl, schema);
  });
  return { app, db: database.db, dialect: database.dialect, config };
}

/**
 * Runs `cleanup` when the test that called it ends, or, called at a file's top level or in a
 * describe block, after the file's tests. Vitest ignores an afterAll registered inside a test or a
 * beforeAll: the app stayed open and, on PostgreSQL, its schema was left behind (and every later
 * migration's catalog lookup grew slower).
 */
function whenDone(cleanup: () => Promise<void>): void {
  try {
    onTestFinished(cleanup);
  } catch {
    afterAll(cleanup);
  }
}

/** A second app instance on the first one's PostgreSQL schema, with its own pool (two processes on one database). */
export async function secondInstance(first: Pick<TestApp, 'db' | 'config'>) {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db);
  const database = await openDatabase(first.config.databaseUrl, { schema: rows[0]!.schema });
  const app = await buildApp(first.config, { database });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, db: database.db, close };
}

/** Which database a bare Kysely instance talks to (fixtures that get only `db`). */
export const dialectOf = (db: Db): DbHandle['dialect'] => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/** A bare Kysely instance as the handle seed() and Transactions take. */
export const handleOf = (db: Db) => ({ db, dialect: dialectOf(db) });

/**
 * A browser-like client: keeps cookies between calls and sends the CSRF header the way the
 * web app does (GET /sanctum/csrf-cookie, then X-XSRF-TOKEN on unsafe requests).
 */
export class Client {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly lang: 'it' | 'en' = 'it',
  ) {}

  async request(opts: InjectOptions & { bearer?: string; noCsrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    if (!opts.noCsrf && !opts.bearer && method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) {
      await this.request({ method: 'GET', url: '/sanctum/csrf-cookie' });
    }
    const headers: Record<string, string> = { 'x-locale': this.lang, ...(opts.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (!opts.noCsrf && this.cookies.has('XSRF-TOKEN') && method !== 'GET') {
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN')!);
    }
    if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
    const { bearer: _b, noCsrf: _n, ...rest } = opts;
    const res = await this.app.inject({ ...rest, headers });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, opts: Omit<InjectOptions, 'url' | 'method'> & { bearer?: string } = {}) => this.request({ ...opts, method: 'GET', url });
  post = (url: string, payload?: unknown, opts: { bearer?: string; noCsrf?: boolean } = {}) =>
    this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...opts });
  put = (url: string, payload?: unknown, opts: { bearer?: string; noCsrf?: boolean } = {}) =>
    this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], ...opts });

  hasCookie(name: string) {
    return this.cookies.has(name);
  }
}
