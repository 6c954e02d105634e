import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../src/lib/log-redaction.ts';
import { PASSWORD } from './accounts-support.ts';
import { createBuyers } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';

/** ASVS 7.1.1: the request log never holds a password, a session cookie, a bearer or CSRF token, or a secret link. */
const lines: string[] = [];
const { app } = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
const [buyer] = await createBuyers(app, 1);

describe('the request log', () => {
  it('keeps method, route and status but none of the credentials a request carried', async () => {
    const browser = new Client(app);
    const login = await browser.request({ method: 'POST', url: '/api/auth/login', payload: { email: buyer!.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).match(/heliline_session=([^;]+)/)?.[1];
    expect(cookie).toBeTruthy();
    const spaToken: string = login.json().user.token;
    expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${buyer!.token}` } })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/password/reset/reset-token-0123456789?email=someone%40example.com' });
    await app.inject({ method: 'GET', url: '/payment-link/payment-link-token-0123456789' });

    const log = lines.join('');
    expect(log).toContain('/api/auth/login');
    expect(log).toContain(`/password/reset/${REDACTED}`);
    for (const secret of [PASSWORD, cookie!, spaToken, buyer!.token, 'reset-token-0123456789', 'someone%40example.com', 'payment-link-token-0123456789']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/password/reset/abc?email=a%40b.it', `/password/reset/${REDACTED}?email=%5Bredacted%5D`],
    ['/en/password/reset/abc', `/en/password/reset/${REDACTED}`],
    ['/payment-link/tok?lang=en', `/payment-link/${REDACTED}?lang=en`],
    ['/email/verify/12/deadbeef?expires=1&signature=s', `/email/verify/12/${REDACTED}?expires=%5Bredacted%5D&signature=%5Bredacted%5D`],
    ['/api/send-single-ticket/MTIzOmFAYi5pdA==', `/api/send-single-ticket/${REDACTED}`],
    ['/api/flights?from=1&to=2', '/api/flights?from=1&to=2'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
