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
 * helmet's security headers on every answer, computed once; the developer pages and the API
 * explorer keep the relaxed CSP; a route may still set its own (prerendered pages, web.ts).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = await helmetHeaders();
  const relaxedCsp = cspHeader(relaxedCspDirectives());
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (RELAXED_CSP_PATHS.test(req.url)) reply.header('content-security-policy', relaxedCsp);
    done();
  });
});
