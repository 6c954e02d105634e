import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';
import { createUser, IpClient, login } from './accounts-support.ts';
import { buildTestApp, secondInstance, type TestApp } from './helpers.ts';

/**
 * Decision 019: the caller is looked up on every request that needs it, in one query, with no
 * cache, so a session ended on one instance is refused by every other one at once.
 */
async function twoInstances(): Promise<{ first: TestApp; second: FastifyInstance }> {
  if (testConfig().databaseUrl.startsWith('postgres')) {
    const first = await buildTestApp();
    const other = await secondInstance(first);
    afterAll(other.close);
    return { first, second: other.app };
  }
  // SQLite: two connections on one file, as two processes would have.
  const dir = mkdtempSync(join(tmpdir(), 'heliline-sessions-'));
  const config = testConfig({ databaseUrl: `sqlite:${join(dir, 'db.sqlite')}` });
  const [a, b] = [await openDatabase(config.databaseUrl), await openDatabase(config.databaseUrl)];
  await migrateToLatest(a.db);
  await seed(a, { demo: false });
  const [appA, appB] = [await buildApp(config, { database: a }), await buildApp(config, { database: b })];
  afterAll(async () => {
    await Promise.all([appA.close(), appB.close()]);
    await Promise.all([a.close(), b.close()]);
    rmSync(dir, { recursive: true, force: true });
  });
  return { first: { app: appA, db: a.db, dialect: a.dialect, config }, second: appB };
}

const { first, second } = await twoInstances();
const { app, db } = first;
const userOn = (instance: FastifyInstance, headers: Record<string, string>) => instance.inject({ method: 'GET', url: '/api/auth/user', headers });

describe('a session ended on one instance', () => {
  it('is refused by the other at once: logout ends the cookie and its token everywhere', async () => {
    const account = await createUser(db);
    const browser = new IpClient(app);
    const answer = await browser.post('/api/auth/login', { email: account.email, password: account.password });
    const token: string = answer.json().user.token;
    const cookie = `heliline_session=${String(answer.headers['set-cookie']).match(/heliline_session=([^;]+)/)![1]}`;
    expect((await userOn(second, { cookie })).statusCode).toBe(200);
    expect((await userOn(second, { authorization: `Bearer ${token}` })).statusCode).toBe(200);

    expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await userOn(second, { cookie })).statusCode).toBe(401);
    expect((await userOn(second, { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('a role taken away on one instance is gone on the other with the next request', async () => {
    const account = await createUser(db);
    await db.insertInto('user_roles').values({ user_id: account.id, role: 'Prenotazioni' }).execute();
    const { token } = await login(new IpClient(app), account);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await userOn(second, bearer)).json().user.roles).toEqual(['Prenotazioni']);
    await db.deleteFrom('user_roles').where('user_id', '=', account.id).execute();
    expect((await userOn(second, bearer)).json().user.roles).toEqual([]);
  });
});

describe('who pays for the look-up', () => {
  it('a public route that does not read the caller never looks the session up; one that does (flights), and a logged-in route, do', async () => {
    const account = await createUser(db);
    const browser = new IpClient(app);
    await login(browser, account);
    const resolve = vi.spyOn(app.services.sessions, 'resolve');
    afterAll(() => resolve.mockRestore());

    expect((await browser.get('/api/document-types')).statusCode).toBe(200);
    expect(resolve).not.toHaveBeenCalled();
    expect((await browser.get('/api/flights?from=1&to=2&date=2030-01-01&adults=1')).statusCode).toBeLessThan(500);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    expect(resolve).toHaveBeenCalledTimes(2);
    // No credential: nothing to look up, the route answers 401.
    expect((await app.inject('/api/auth/user')).statusCode).toBe(401);
    expect(resolve).toHaveBeenCalledTimes(2);
  });
});
