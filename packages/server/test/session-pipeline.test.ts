import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';
import { ACCOUNT_CACHE_TTL_MS } from '../src/modules/sessions/account-cache.ts';
import { createUser, IpClient, login } from './accounts-support.ts';
import { buildTestApp, secondInstance, type TestApp } from './helpers.ts';

/**
 * Decisions 019 and 028: the caller is looked up in one query; a safe request (GET) may be
 * answered for a caller looked up in the last ten seconds. A change through the app drops it at
 * once on every instance (PostgreSQL: over NOTIFY); a write always asks the database; an edit
 * no notice reports (by hand, or a second process on one SQLite file) counts by the ceiling.
 */
async function twoInstances(): Promise<{ first: TestApp; second: FastifyInstance }> {
  if (testConfig().databaseUrl.startsWith('postgres')) {
    const first = await buildTestApp();
    const other = await secondInstance(first);
    afterAll(other.close);
    return { first, second: other.app };
  }
  // SQLite: two connections on one file, as two processes would have (they hear no notices of each other).
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
/** A staff write with an empty body: 422 while the caller may check in, 403 once not (access is checked before the body). */
const checkInOn = (instance: FastifyInstance, headers: Record<string, string>) =>
  instance.inject({ method: 'POST', url: '/api/admin/check-in/flights/1/check-in', headers, payload: {} });

async function loggedIn() {
  const account = await createUser(db);
  const browser = new IpClient(app);
  const answer = await browser.post('/api/auth/login', { email: account.email, password: account.password });
  const token: string = answer.json().user.token;
  const cookie = `heliline_session=${String(answer.headers['set-cookie']).match(/heliline_session=([^;]+)/)![1]}`;
  return { account, browser, cookie, bearer: { authorization: `Bearer ${token}` } };
}

/** Runs `fn` with the clock `ms` ahead (Date only: timers and the database's own clock run on). */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe('a session ended', () => {
  it('is refused at once by the instance that ended it, cookie and token, though both were just remembered', async () => {
    const { browser, cookie, bearer } = await loggedIn();
    expect((await userOn(app, { cookie })).statusCode).toBe(200);
    expect((await userOn(app, bearer)).statusCode).toBe(200);
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await userOn(app, { cookie })).statusCode).toBe(401);
    expect((await userOn(app, bearer)).statusCode).toBe(401);
  });

  it.runIf(first.dialect === 'postgres')('is refused by another instance as soon as the notice arrives', async () => {
    const { browser, cookie, bearer } = await loggedIn();
    expect((await userOn(second, { cookie })).statusCode).toBe(200);
    expect((await userOn(second, bearer)).statusCode).toBe(200);
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await userOn(second, { cookie })).statusCode).toBe(401), { timeout: 3000, interval: 20 });
    expect((await userOn(second, bearer)).statusCode).toBe(401);
  });

  it('where no notice reports it (by hand in the database): a write is refused at once, a read once the ceiling has passed', async () => {
    const { account, bearer } = await loggedIn();
    expect((await userOn(second, bearer)).statusCode).toBe(200);
    await db.deleteFrom('sessions').where('user_id', '=', account.id).execute();
    await db.updateTable('api_tokens').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', account.id).execute();
    expect((await second.inject({ method: 'PUT', url: '/api/auth/user', headers: bearer, payload: {} })).statusCode).toBe(401);
    expect((await userOn(second, bearer)).statusCode).toBe(200);
    expect((await later(ACCOUNT_CACHE_TTL_MS, () => userOn(second, bearer))).statusCode).toBe(401);
  });
});

describe('a role taken away', () => {
  it('through the app is gone at once: the answer and the caller are dropped with the change', async () => {
    const { account, bearer } = await loggedIn();
    expect((await userOn(app, bearer)).json().user.roles).toEqual([]);
    await app.services.accounts.addRole(account.id, 'Prenotazioni');
    expect((await userOn(app, bearer)).json().user.roles).toEqual(['Prenotazioni']);
    expect((await checkInOn(app, bearer)).statusCode).toBe(422);
  });

  it('by hand in the database: a staff write is refused at once, the read shows it once the ceiling has passed', async () => {
    const { account, bearer } = await loggedIn();
    await db.insertInto('user_roles').values({ user_id: account.id, role: 'Prenotazioni' }).execute();
    expect((await userOn(second, bearer)).json().user.roles).toEqual(['Prenotazioni']);
    expect((await checkInOn(second, bearer)).statusCode).toBe(422);
    await db.deleteFrom('user_roles').where('user_id', '=', account.id).execute();
    expect((await checkInOn(second, bearer)).statusCode).toBe(403);
    expect((await later(ACCOUNT_CACHE_TTL_MS, () => userOn(second, bearer))).json().user.roles).toEqual([]);
  });
});

describe('the account answer', () => {
  it('shows a profile change at once, and each language its own country name', async () => {
    const { bearer } = await loggedIn();
    const before = (await userOn(app, bearer)).json().user;
    const it = (await userOn(app, { ...bearer, 'x-locale': 'it' })).json().user;
    const en = (await userOn(app, { ...bearer, 'x-locale': 'en' })).json().user;
    expect(it.pax.country).not.toBe(en.pax.country);
    const update = { address: 'Via Nuova 1', telephone: '+39 333 000 1111' };
    const put = await app.inject({ method: 'PUT', url: '/api/auth/user', headers: bearer, payload: update });
    expect(put.statusCode).toBe(200);
    const after = (await userOn(app, bearer)).json().user;
    expect([before.telephone, after.telephone, after.pax.address]).toEqual([before.telephone, update.telephone, update.address]);
  });
});

describe('who pays for the look-up', () => {
  it('a public route that does not read the caller never looks it up; one that does (flights) and a logged-in route do, from memory once it holds it', async () => {
    const account = await createUser(db);
    const browser = new IpClient(app);
    await login(browser, account);
    const resolve = vi.spyOn(app.services.sessions, 'resolve');
    const remembered = vi.spyOn(app.services.sessions, 'remembered');
    onTestFinished(() => {
      resolve.mockRestore();
      remembered.mockRestore();
    });

    expect((await browser.get('/api/document-types')).statusCode).toBe(200);
    expect(resolve).not.toHaveBeenCalled();
    expect(remembered).not.toHaveBeenCalled();
    expect((await browser.get('/api/flights?from=1&to=2&date=2030-01-01&adults=1')).statusCode).toBeLessThan(500);
    expect(resolve).toHaveBeenCalledTimes(1);
    // The caller is in memory now: the hook takes it in the same tick, without resolve's promise.
    expect((await browser.get('/api/auth/user')).json().user.id).toBe(account.id);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(remembered.mock.results.at(-1)?.value).toMatchObject({ user: { id: account.id } });
    // No credential: nothing to look up, the route answers 401.
    const asked = remembered.mock.calls.length;
    expect((await app.inject('/api/auth/user')).statusCode).toBe(401);
    expect(remembered).toHaveBeenCalledTimes(asked);
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});
