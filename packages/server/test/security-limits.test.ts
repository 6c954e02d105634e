import { MESSAGES } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DbHandle } from '../src/db/database.ts';
import { ACCOUNT_THROTTLES, RATE_LIMITS } from '../src/modules/throttle/limits.ts';
import { createUser, IpClient, login, nextIp, PASSWORD, uniqueEmail } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

/**
 * Issue 11: the per-IP limits cannot be reset by a forged X-Forwarded-For, hold across app
 * instances, count the three login routes as one bucket and answer 429 with Retry-After; the
 * failed-login lock cannot lock the owner out; current_password guesses are throttled.
 */
const { app, db, dialect, config } = await buildTestApp();
const LOGIN_ROUTES = ['/api/auth/login', '/login', '/api/v1/auth/login'];
/** A failed login from `ip` (with the CSRF header the browser routes need). */
const wrongLogin = (ip: string, url = '/api/auth/login', headers: Record<string, string> = {}) =>
  new IpClient(app, 'it', ip).request({ method: 'POST', url, payload: { email: uniqueEmail('flood'), password: 'Wrong12345' }, headers });

/** A failed API login (no CSRF needed) on `target`, from `remoteAddress`, naming `forwardedFor` as the client. */
const forwardedLogin = (target: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
  target.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: uniqueEmail('forwarded'), password: 'Wrong12345' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** Uses up the login bucket of one address through the API login. */
async function exhaustLogins(ip: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < RATE_LIMITS.login.max; i++) expect((await wrongLogin(ip, '/api/v1/auth/login', headers)).statusCode).toBe(401);
}

describe('client address and X-Forwarded-For', () => {
  it('by default (in production too) a rotating X-Forwarded-For does not reset the login limit', async () => {
    const production = await buildTestApp({ production: true });
    const attempt = (forwardedFor: string) => forwardedLogin(production.app, '10.7.0.1', forwardedFor);
    for (let i = 0; i < RATE_LIMITS.login.max; i++) expect((await attempt(`203.0.113.${i + 1}`)).statusCode).toBe(401);
    expect((await attempt('198.51.100.77')).statusCode).toBe(429);
  });

  it('with TRUST_PROXY=127.0.0.1 the address the proxy forwards is the client', async () => {
    const proxied = await buildTestApp({ trustProxy: ['127.0.0.1'] });
    const attempt = (client: string) => forwardedLogin(proxied.app, '127.0.0.1', client);
    for (let i = 0; i < RATE_LIMITS.login.max; i++) expect((await attempt('203.0.113.10')).statusCode).toBe(401);
    expect((await attempt('203.0.113.10')).statusCode).toBe(429);
    // Another client behind the same proxy has a bucket of its own.
    expect((await attempt('203.0.113.11')).statusCode).toBe(401);
    // A header sent by an address that is not the proxy is ignored: rotating it resets nothing.
    const direct = (i: number) => forwardedLogin(proxied.app, '10.1.2.3', `198.51.100.${i}`);
    for (let i = 1; i <= RATE_LIMITS.login.max; i++) expect((await direct(i)).statusCode).toBe(401);
    expect((await direct(99)).statusCode).toBe(429);
  });

  it('with TRUST_PROXY=1 (one hop) the last forwarded address is the client, earlier ones are the client’s own claim', async () => {
    const proxied = await buildTestApp({ trustProxy: 1 });
    const attempt = (forwardedFor: string) => forwardedLogin(proxied.app, '127.0.0.1', forwardedFor);
    // The client forges a first entry each time; the proxy appends the real address.
    for (let i = 0; i < RATE_LIMITS.login.max; i++) expect((await attempt(`198.51.100.${i + 1}, 203.0.113.20`)).statusCode).toBe(401);
    expect((await attempt('198.51.100.99, 203.0.113.20')).statusCode).toBe(429);
  });
});

describe('one login bucket, shared by every instance', () => {
  it('the SPA, web and API logins count together', async () => {
    const ip = nextIp();
    const perRoute = Math.ceil(RATE_LIMITS.login.max / LOGIN_ROUTES.length);
    let sent = 0;
    for (const url of LOGIN_ROUTES) {
      for (let i = 0; i < perRoute && sent < RATE_LIMITS.login.max; i++, sent++) expect((await wrongLogin(ip, url)).statusCode).not.toBe(429);
    }
    for (const url of LOGIN_ROUTES) expect((await wrongLogin(ip, url)).statusCode, url).toBe(429);
  });

  it('a second instance on the same database sees the first one’s count', async () => {
    const shared: DbHandle = { db, dialect, close: async () => undefined };
    const second = await buildApp(config, { database: shared });
    try {
      const ip = nextIp();
      await exhaustLogins(ip);
      const res = await second.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x@example.com', password: 'Wrong12345' }, remoteAddress: ip });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('the rate limit’s 429 carries Retry-After (seconds to the end of the window) and the usual error body', async () => {
    const ip = nextIp();
    await exhaustLogins(ip);
    const res = await wrongLogin(ip, '/api/v1/auth/login');
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.login.timeWindow / 1000);
    expect(res.json()).toMatchObject({ message: MESSAGES.tooManyRequests.it, messages: MESSAGES.tooManyRequests });
  });
});

describe('failed-login lock per account and address', () => {
  it('guesses from one address lock that address only: the owner elsewhere still logs in; the lock answers Retry-After', async () => {
    const account = await createUser(db);
    const attacker = new IpClient(app);
    for (let i = 0; i < ACCOUNT_THROTTLES.loginFailures.max; i++) {
      expect((await attacker.post('/api/auth/login', { email: account.email, password: `Wrong${i}xyz1` })).statusCode).toBe(422);
    }
    const locked = await attacker.post('/api/auth/login', { email: account.email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await new IpClient(app).post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('current_password guesses', () => {
  it(`are refused with 429 after ${ACCOUNT_THROTTLES.currentPasswordFailures.max} wrong ones on the account, even the right one`, async () => {
    const account = await createUser(db);
    const client = new IpClient(app);
    await login(client, account);
    const change = (current: string) =>
      client.put('/api/auth/user', {
        address: 'Via Roma 1',
        telephone: '+39 0881 123456',
        current_password: current,
        password: 'NuovaPassword1',
        password_confirmation: 'NuovaPassword1',
      });
    for (let i = 0; i < ACCOUNT_THROTTLES.currentPasswordFailures.max; i++) {
      const res = await change(`Guess${i}abc1`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.current_password).toBeDefined();
    }
    const refused = await change(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The old password still logs in: nothing was changed.
    expect((await new IpClient(app).post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('IPv6 clients', () => {
  it('count per /64: hopping between addresses of one network does not reset the failed-login lock', async () => {
    const account = await createUser(db);
    const from = (suffix: number) => new IpClient(app, 'it', `2001:db8:7:1::${suffix.toString(16)}`);
    for (let i = 0; i < ACCOUNT_THROTTLES.loginFailures.max; i++) {
      expect((await from(i + 1).post('/api/auth/login', { email: account.email, password: `Wrong${i}xyz1` })).statusCode).toBe(422);
    }
    expect((await from(99).post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(429);
    expect((await new IpClient(app, 'it', '2001:db8:7:2::1').post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(200);
  });
});
