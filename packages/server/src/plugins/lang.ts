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

const kLang = Symbol('lang');
type WithLang = FastifyRequest & { [kLang]?: Lang };

/** Worked out when first read (texts, error answers), not in a hook on every request; a route may set it (contacts: the form's language). */
export const langPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', {
    getter(this: WithLang) {
      return (this[kLang] ??= requestLang(this));
    },
    setter(this: WithLang, lang: Lang) {
      this[kLang] = lang;
    },
  });
});
