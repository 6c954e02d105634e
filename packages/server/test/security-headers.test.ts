import { describe, expect, it } from 'vitest';
import { buildTestApp, Client } from './helpers.ts';

/**
 * The security headers (plugins/security-headers.ts): pages and files carry helmet's defaults
 * with our CSP; JSON answers of the API carry the short set a JSON answer needs, with a stricter
 * policy (decision 019).
 */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; media-src 'self'; " +
  "frame-src 'self'; frame-ancestors 'self'; connect-src 'self'; worker-src 'self' blob:; base-uri 'self'; form-action 'self'";
const HELMET = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const JSON_ANSWER = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const RELAXED_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; media-src 'self'; " +
  "frame-src 'self'; frame-ancestors 'self'; connect-src 'self'; worker-src 'self' blob:; base-uri 'self'; form-action 'self'";

/** The answer's headers other than those of any HTTP answer. */
const OWN = new Set(['content-type', 'cache-control', 'content-length', 'date', 'connection', 'keep-alive', 'set-cookie', 'allow', 'retry-after']);
const securityHeaders = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN.has(name)));

const { app } = await buildTestApp();

describe('security headers', () => {
  it.each([
    ['an API answer', 'GET', '/api/document-types', 200],
    ['an unknown path', 'GET', '/api/nope', 404],
    ['a wrong method', 'PUT', '/api/document-types', 419],
    ['a refused call', 'GET', '/api/auth/user', 401],
    ['a validation error', 'GET', '/api/flights?from=x', 422],
    ['the API description', 'GET', '/api/docs/json', 200],
  ] as const)('%s (JSON) carries exactly the JSON answer’s headers', async (_what, method, url, status) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(securityHeaders(res.headers)).toEqual(JSON_ANSWER);
  });

  it.each([
    ['a page', '/booking'],
    ['a file that is not there', '/nope.png'],
  ])('outside /api, %s carries exactly helmet’s headers (whatever its type)', async (_what, url) => {
    expect(securityHeaders((await app.inject(url)).headers)).toEqual(HELMET);
  });

  it('an HTML page with its own policy keeps it, with helmet’s other headers', async () => {
    const res = await app.inject('/timetable-grid?lang=en');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(securityHeaders(res.headers)).toEqual({ ...HELMET, 'content-security-policy': res.headers['content-security-policy'] });
  });

  it('the API explorer and the developer mailbox (HTML) keep the relaxed policy, with the other headers unchanged', async () => {
    for (const url of ['/api/docs', '/dev/mailbox']) {
      const res = await new Client(app).get(url);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(securityHeaders(res.headers), url).toEqual({ ...HELMET, 'content-security-policy': RELAXED_CSP });
    }
  });
});
