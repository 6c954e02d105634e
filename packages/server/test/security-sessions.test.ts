import { ZNewPassword } from '@heliline/domain';
import { describe, expect, it, vi } from 'vitest';
import { createUser, IpClient, login } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

/** Issue 11: the SPA login's "user with token" lives exactly as long as the session it came with. */
const { app, db } = await buildTestApp();
const asBearer = (token: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });

async function sessionOf(userId: number) {
  return db.selectFrom('sessions').select(['id', 'expires_at']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

describe('the SPA login token', () => {
  it('stops working when its session expires, though nobody logged out', async () => {
    const account = await createUser(db);
    const browser = new IpClient(app);
    const { token } = await login(browser, account);
    expect((await asBearer(token)).statusCode).toBe(200);

    // Both were just looked up, so both are remembered (decision 028): the session's own expiry ends that too.
    expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    const session = await sessionOf(account.id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(session.expires_at) });
    try {
      expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
      expect((await asBearer(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops working at logout of its session; an API token of the same user is not touched', async () => {
    const account = await createUser(db);
    const browser = new IpClient(app);
    const { token } = await login(browser, account);
    const api = await new IpClient(app).post('/api/v1/auth/login', { email: account.email, password: account.password });
    const apiToken = api.json().success.token as string;
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await asBearer(token)).statusCode).toBe(401);
    expect((await asBearer(apiToken)).statusCode).toBe(200);
  });

  it('stops working when its session row is gone (ended from elsewhere)', async () => {
    const account = await createUser(db);
    const { token } = await login(new IpClient(app), account);
    await db.deleteFrom('sessions').where('user_id', '=', account.id).execute();
    expect((await asBearer(token)).statusCode).toBe(401);
  });
});

describe('session cookie', () => {
  const cookieOf = (res: { cookies: { name: string }[] }) => res.cookies.find((c) => c.name === 'heliline_session') as Record<string, unknown> | undefined;

  it('is HttpOnly, SameSite=Lax, for the whole site; not Secure on plain http (development)', async () => {
    const account = await createUser(db);
    const res = await new IpClient(app).post('/api/auth/login', { email: account.email, password: account.password });
    expect(cookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookieOf(res)?.secure).toBeFalsy();
  });

  it('is Secure when the public address is https', async () => {
    const https = await buildTestApp({ appUrl: 'https://book.heliline.test' });
    const account = await createUser(https.db);
    const res = await new IpClient(https.app).post('/api/auth/login', { email: account.email, password: account.password });
    expect(cookieOf(res)).toMatchObject({ secure: true, httpOnly: true });
  });
});

describe('passwords', () => {
  it('of 64 characters and more are accepted (no short maximum)', () => {
    expect(ZNewPassword.safeParse(`a1${'x'.repeat(62)}`).success).toBe(true);
    expect(ZNewPassword.safeParse(`a1${'x'.repeat(200)}`).success).toBe(true);
  });
});
