import { type Lang, parseLang } from '@heliline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** The UI sends its language in X-Locale; otherwise the first of Accept-Language; default it. */
export function requestLang(req: FastifyRequest): Lang {
  const explicit = req.headers['x-locale'];
  if (typeof explicit === 'string') return parseLang(explicit);
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string' && accept.trim().toLowerCase().startsWith('en')) return 'en';
  return 'it';
}

export const langPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'it');
  app.addHook('onRequest', async (req) => {
    req.lang = requestLang(req);
  });
});
