import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS, TOUCH_INTERVAL_MS } from '../src/modules/sessions/service.ts';
import { createUser, IpClient, login } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

describe('session sliding expiry', async () => {
  const { app, db } = await buildTestApp();
  afterEach(() => vi.useRealTimers());

  const sessionOf = (userId: number) => db.selectFrom('sessions').select(['last_seen_at', 'expires_at']).where('user_id', '=', userId).executeTakeFirstOrThrow();

  it('writes last use at most every few minutes, and extends the session when it does', async () => {
    const account = await createUser(db);
    const client = new IpClient(app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    await login(client, account);
    const first = await sessionOf(account.id);

    vi.setSystemTime(new Date(Date.now() + TOUCH_INTERVAL_MS - 1000));
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect(await sessionOf(account.id)).toEqual(first);

    vi.setSystemTime(new Date(Date.now() + 2000));
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    const touched = await sessionOf(account.id);
    expect(touched.last_seen_at).toBe(new Date().toISOString());
    expect(touched.expires_at).toBe(new Date(Date.now() + SESSION_TTL_MS).toISOString());
  });

  it('counts a bearer token as used when it is issued: its first use writes nothing until the interval has passed', async () => {
    const account = await createUser(db);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    const token = await app.services.sessions.issueToken(account.id);
    const lastUse = async () => (await db.selectFrom('api_tokens').select('last_used_at').where('user_id', '=', account.id).executeTakeFirstOrThrow()).last_used_at;
    const asBearer = () => app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(await lastUse()).toBe('2026-11-22T08:00:00.000Z');

    vi.setSystemTime(new Date(Date.now() + TOUCH_INTERVAL_MS - 1000));
    expect((await asBearer()).statusCode).toBe(200);
    expect(await lastUse()).toBe('2026-11-22T08:00:00.000Z');

    vi.setSystemTime(new Date(Date.now() + 2000));
    expect((await asBearer()).statusCode).toBe(200);
    expect(await lastUse()).toBe(new Date().toISOString());
  });

  it('ends a session unused for longer than its lifetime', async () => {
    const account = await createUser(db);
    const client = new IpClient(app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    await login(client, account);
    vi.setSystemTime(new Date(Date.now() + SESSION_TTL_MS + 1000));
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });
});
