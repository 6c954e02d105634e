import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cspDirectives, cspHeader, RELAXED_CSP_PATHS, relaxedCspDirectives } from './csp.ts';

/** The headers of pages and files: helmet's defaults, written out, with our CSP (decision 007). */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': cspHeader(cspDirectives()),
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

/**
 * What a JSON answer needs (OWASP's REST security headers): it is never a document, so the page
 * policies (script sources, opener, origin-agent-cluster, download and DNS-prefetch switches)
 * do nothing for it; `default-src 'none'` and no framing at all are stricter than the site's.
 */
const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const RELAXED_PAGE_HEADERS = { ...PAGE_HEADERS, 'content-security-policy': cspHeader(relaxedCspDirectives()) };

const isApiPath = (url: string) => url.startsWith('/api/');
const isJson = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('application/json');
const pageHeadersOf = (url: string) => (RELAXED_CSP_PATHS.test(url) ? RELAXED_PAGE_HEADERS : PAGE_HEADERS);

/**
 * Security headers on every answer. Pages and files (everything outside /api) get the page set
 * in onRequest, so a route may still set its own (prerendered pages, web.ts). Under /api the
 * answer's type decides once it is known: JSON gets the short set above; the few HTML pages and
 * PDFs under /api get the page set where the route did not set a header itself. The developer
 * pages and the API explorer keep the relaxed CSP.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, reply, done) => {
    if (!isApiPath(req.url)) reply.headers(pageHeadersOf(req.url));
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!isApiPath(req.url)) return done(null, payload);
    if (isJson(reply.getHeader('content-type'))) {
      reply.headers(JSON_ANSWER_HEADERS);
      return done(null, payload);
    }
    for (const [name, value] of Object.entries(pageHeadersOf(req.url))) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
});
