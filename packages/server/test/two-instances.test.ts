import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toWireDate } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';
import { createUser, IpClient } from './accounts-support.ts';
import { asBuyer, bookingBody, createBuyers, createFlight } from './booking-support.ts';
import { cancelAs } from './cancellations-support.ts';
import { buildTestApp, secondInstance, type TestApp } from './helpers.ts';

/**
 * Issue 50: nothing a request reads is kept per instance where it could disagree with another
 * instance. Two instances on one database (PostgreSQL: two pools on one schema; SQLite: two
 * connections on one file, as two processes would have): a logout, a role taken away and a
 * flight cancelled on one count on the other at once, with no notice between them and no wait.
 */
async function twoInstances(): Promise<{ first: TestApp; second: FastifyInstance }> {
  if (testConfig().databaseUrl.startsWith('postgres')) {
    const first = await buildTestApp();
    const other = await secondInstance(first);
    afterAll(other.close);
    return { first, second: other.app };
  }
  const dir = mkdtempSync(join(tmpdir(), 'heliline-instances-'));
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

describe(`two instances on one database (${first.dialect})`, () => {
  it('a logout on one: the other refuses the session and its token at once, though it had just read them', async () => {
    const { browser, cookie, bearer } = await loggedIn();
    expect((await userOn(second, { cookie })).statusCode).toBe(200);
    expect((await userOn(second, bearer)).statusCode).toBe(200);
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await userOn(second, { cookie })).statusCode).toBe(401);
    expect((await userOn(second, bearer)).statusCode).toBe(401);
  });

  it('a role taken away: the other instance refuses the staff write and shows the roles without it at once', async () => {
    const { account, bearer } = await loggedIn();
    await app.services.accounts.addRole(account.id, 'Prenotazioni');
    expect((await userOn(second, bearer)).json().user.roles).toEqual(['Prenotazioni']);
    expect((await checkInOn(second, bearer)).statusCode).toBe(422);
    // No path of the app takes a role away: an administrator does it in the shared database.
    await db.deleteFrom('user_roles').where('user_id', '=', account.id).execute();
    expect((await checkInOn(second, bearer)).statusCode).toBe(403);
    expect((await userOn(second, bearer)).json().user.roles).toEqual([]);
  });

  it('a flight cancelled on one: the other no longer lists it nor sells it, at once', async () => {
    const flight = await createFlight(db, { daysAhead: 6 });
    const [early, buyer] = await createBuyers(app, 2);
    const [staff] = await createBuyers(app, 1, { roles: ['Admin'] });
    const book = (who: typeof buyer) =>
      second.inject({ method: 'POST', url: '/api/bookings', headers: { authorization: `Bearer ${who!.token}` }, payload: asBuyer(bookingBody({ flight }), who!.paxId) });
    const search = `/api/flights?origin=1348&destination=1511&departureDate=${toWireDate(flight.date)}&men=0&women=1&children=0&infants=0`;
    const listed = async () => ((await second.inject(search)).json().flights as { flightId: number }[]).some((f) => f.flightId === flight.flightId);
    // The other instance has listed it and sold a seat on it (what a cache would have kept).
    expect(await listed()).toBe(true);
    const sold = await book(early);
    expect(sold.statusCode, sold.body).toBe(200);

    expect((await cancelAs(app, staff!.token, { flightId: flight.flightId, legId: null, reason: 'Vento forte' })).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    const refused = await book(buyer);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await db.selectFrom('booking_requests').select('user_id').where('departure_flight_id', '=', flight.flightId).execute()).toEqual([{ user_id: early!.id }]);
  });
});

describe('who pays for the look-up', () => {
  it('a public route that does not read the caller never looks it up; one that does (flights) and a logged-in route do, on every request', async () => {
    const { browser, account } = await loggedIn();
    const resolve = vi.spyOn(app.services.sessions, 'resolve');
    onTestFinished(() => resolve.mockRestore());

    expect((await browser.get('/api/document-types')).statusCode).toBe(200);
    expect(resolve).not.toHaveBeenCalled();
    expect((await browser.get('/api/flights?from=1&to=2&date=2030-01-01&adults=1')).statusCode).toBeLessThan(500);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect((await browser.get('/api/auth/user')).json().user.id).toBe(account.id);
    expect((await browser.get('/api/auth/user')).json().user.id).toBe(account.id);
    expect(resolve).toHaveBeenCalledTimes(3);
    // No credential: nothing to look up, the route answers 401.
    expect((await app.inject('/api/auth/user')).statusCode).toBe(401);
    expect(resolve).toHaveBeenCalledTimes(3);
  });
});
