import { describe, expect, it } from 'vitest';
import { createUser, IpClient, lastMailTo, linkIn, login, PASSWORD } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

/**
 * Issue 8: "a password change ends the user's other sessions" must hold through every path
 * that can change a password, not only through the one instance of the accounts service that
 * happened to have the session service. Each path below changes the password of a user who
 * is also logged in elsewhere (a second browser session, a session's bearer token and an API
 * token); afterwards none of those works, and only the new password logs in.
 */
const { app, db, config } = await buildTestApp();
const NEW_PASSWORD = 'NuovaPassword1';

const changeFields = { address: 'Piazza Cavour 3', telephone: '+39 333 1234567', document_type: 1, document_num: 'CA00000AA' };

interface Paths {
  name: string;
  /** Changes the password; answers the ways in the change itself may keep. */
  change: (account: { email: string; password: string }) => Promise<{ status: number; kept: string | null }>;
}

const PATHS: Paths[] = [
  {
    name: 'account screen, session cookie (PUT /api/auth/user)',
    change: async (account) => {
      const browser = new IpClient(app);
      await login(browser, account);
      const res = await browser.put('/api/auth/user', { ...changeFields, current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      return { status: res.statusCode, kept: null };
    },
  },
  {
    name: 'account screen, bearer token (PUT /api/auth/user)',
    change: async (account) => {
      const api = new IpClient(app);
      const { token } = await login(new IpClient(app), account);
      const res = await api.put(
        '/api/auth/user',
        { ...changeFields, current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        { bearer: token },
      );
      return { status: res.statusCode, kept: token };
    },
  },
  {
    name: 'password reset link (POST /password/email, POST /password/reset)',
    change: async (account) => {
      const client = new IpClient(app);
      expect((await client.post('/password/email', { email: account.email })).statusCode).toBe(200);
      const url = new URL(linkIn((await lastMailTo(db, account.email)).text, config.appUrl));
      const token = decodeURIComponent(url.pathname.split('/').pop()!);
      const res = await client.post('/password/reset', { token, email: account.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      return { status: res.statusCode, kept: null };
    },
  },
];

describe('a password change ends every other way in, whatever the path', () => {
  it.each(PATHS)('$name', async ({ change }) => {
    const account = await createUser(db);
    const otherBrowser = new IpClient(app);
    const { token: sessionToken } = await login(otherBrowser, account);
    const apiLogin = await new IpClient(app).post('/api/v1/auth/login', { email: account.email, password: PASSWORD });
    const apiToken: string = apiLogin.json().success.token;
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);

    const { status, kept } = await change(account);
    expect(status).toBe(200);

    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(401);
    for (const token of [sessionToken, apiToken].filter((t) => t !== kept)) {
      expect((await new IpClient(app).get('/api/auth/user', { bearer: token })).statusCode).toBe(401);
    }
    if (kept) expect((await new IpClient(app).get('/api/auth/user', { bearer: kept })).statusCode).toBe(200);
    expect((await new IpClient(app).post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(422);
    expect(await login(new IpClient(app), { email: account.email, password: NEW_PASSWORD })).toMatchObject({ id: account.id });
  });

  it('the paths above are every route whose body carries a password, besides sign-up and logins', () => {
    // A new route that takes a password must join PATHS (and end the other sessions too).
    const spec = app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>> };
    const takesPassword = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Object.values(op.requestBody?.content ?? {}).some((c) => 'password' in (c.schema?.properties ?? {})))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const checkOnly = ['POST /api/auth/register', 'POST /api/auth/login', 'POST /api/v1/auth/login', 'POST /login'];
    expect(takesPassword.filter((r) => !checkOnly.includes(r)).sort()).toEqual(['POST /password/reset', 'PUT /api/auth/user']);
  });
});
