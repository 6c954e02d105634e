import { describe, expect, it } from 'vitest';
import { buildTestApp, Client } from './helpers.ts';

/**
 * The security headers are helmet's, computed once (plugins/security-headers.ts): every answer
 * carries exactly these, byte for byte as helmet wrote them on each request before.
 */
const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;media-src 'self';" +
  "frame-src 'self';frame-ancestors 'self';connect-src 'self';worker-src 'self' blob:;base-uri 'self';form-action 'self'";
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
  ] as const)('%s carries exactly helmet’s headers', async (_what, method, url, status) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(status);
    expect(securityHeaders(res.headers)).toEqual(HELMET);
  });

  it('the API explorer and the developer mailbox keep the relaxed policy, with the other headers unchanged', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/dev/mailbox']) {
      const res = await new Client(app).get(url);
      expect(securityHeaders(res.headers), url).toEqual({ ...HELMET, 'content-security-policy': RELAXED_CSP });
    }
    expect((await app.inject('/api/docsx')).headers['content-security-policy']).toBe(CSP);
  });
});
