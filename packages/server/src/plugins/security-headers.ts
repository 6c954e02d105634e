import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cspDirectives, cspHeader, helmetDirectives, RELAXED_CSP_PATHS, relaxedCspDirectives } from './csp.ts';

/** Our helmet settings (CSP: decision 007). */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: helmetDirectives(cspDirectives()) },
  crossOriginEmbedderPolicy: false,
};

/** Headers of any answer that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options, asked of helmet once: they are the same on every
 * answer, and helmet builds them again on each request (tens of µs of a few-hundred-µs request).
 */
export async function helmetHeaders(options: FastifyHelmetOptions = HELMET_OPTIONS): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => 'probe');
  const res = await probe.inject('/');
  await probe.close();
  return Object.fromEntries(Object.entries(res.headers).flatMap(([name, value]) => (NOT_HELMET.has(name) ? [] : [[name, String(value)]])));
}

/**
 * What a JSON answer needs (OWASP's REST security headers): it is never a document, so the page
 * policies (script sources, opener, origin-agent-cluster, download and DNS-prefetch switches)
 * do nothing for it; `default-src 'none'` and no framing at all are stricter than the site's.
 * Every byte is written and parsed on each of the API's many small answers: helmet's 12 headers
 * are ~900 bytes, more than most answers' bodies (decision 019).
 */
export const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const isApiPath = (url: string) => url.startsWith('/api/');
const isJson = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * Security headers on every answer, computed once. Pages and files (everything outside /api)
 * get helmet's set in onRequest, as before, so a route may still set its own (prerendered pages,
 * web.ts). Under /api the answer's type decides once it is known: JSON gets the short set above;
 * the few HTML pages and PDFs under /api get helmet's set where the route did not set a header
 * itself. The developer pages and the API explorer keep the relaxed CSP.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = await helmetHeaders();
  const relaxedCsp = cspHeader(relaxedCspDirectives());
  app.addHook('onRequest', (req, reply, done) => {
    if (!isApiPath(req.url)) {
      reply.headers(headers);
      if (RELAXED_CSP_PATHS.test(req.url)) reply.header('content-security-policy', relaxedCsp);
    }
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!isApiPath(req.url)) return done(null, payload);
    if (isJson(reply.getHeader('content-type'))) {
      reply.headers(JSON_ANSWER_HEADERS);
      return done(null, payload);
    }
    const pageHeaders = RELAXED_CSP_PATHS.test(req.url) ? { ...headers, 'content-security-policy': relaxedCsp } : headers;
    for (const [name, value] of Object.entries(pageHeaders)) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
});
