import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { MESSAGES } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { isDatabaseUnavailable } from '../../src/db/database.ts';
import { HealthService } from '../../src/modules/health/service.ts';
import { buildTestApp } from '../helpers.ts';

const { app, dialect } = await buildTestApp();

describe(`health endpoints (${dialect})`, () => {
  it('liveness and readiness answer 200 with the database up, and are documented', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'x-locale': 'en' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'up', message: MESSAGES.serviceReady.en });
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/health/ready'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(doc.paths['/api/health/ready'].get['x-access']).toBe('public');
    expect(doc.paths['/api/health'].get).toBeDefined();
  });

  it('readiness says down within its time limit when the database cannot be reached', async () => {
    // Nothing listens on this private port: the pool's connection attempt is refused.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:5449/none', connectionTimeoutMillis: 5_000 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const started = Date.now();
    expect(await new HealthService(db, 500).readiness()).toEqual({ database: 'down' });
    expect(Date.now() - started).toBeLessThan(3_000);
    await db.destroy();
  });

  it('tells an unreachable database from a bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    // SQLite: another process kept the write lock past busy_timeout.
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
