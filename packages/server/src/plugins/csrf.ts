import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors.ts';
import { hmac, randomToken, safeEqual } from '../lib/crypto.ts';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for endpoints called by other servers or token clients (signed or bearer). */
    csrf?: boolean;
  }
}

/**
 * Signed double-submit token, as Laravel Sanctum's SPA flow does: GET /sanctum/csrf-cookie sets
 * a readable XSRF-TOKEN cookie; unsafe cookie-authenticated requests echo it in X-XSRF-TOKEN.
 * The token is HMAC-signed, so a cookie planted by another site cannot be forged.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  const secret = `${app.config.sessionSecret}:csrf`;
  const issue = () => {
    const nonce = randomToken(18);
    return `${nonce}.${hmac(secret, nonce)}`;
  };
  const valid = (token: string) => {
    const [nonce, sig] = token.split('.');
    return Boolean(nonce && sig && safeEqual(sig, hmac(secret, nonce)));
  };

  app.decorate('setCsrfCookie', (reply: FastifyReply) => {
    reply.setCookie(XSRF_COOKIE, issue(), { path: '/', sameSite: 'lax', httpOnly: false, secure: app.config.appUrl.startsWith('https:') });
  });

  app.get('/sanctum/csrf-cookie', { config: { access: 'public' } as const, schema: { hide: true } }, async (_req, reply) => {
    app.setCsrfCookie(reply);
    return reply.status(204).send();
  });

  // onRequest: refuse before the body is parsed or validated, so a forged request learns nothing.
  // Every path, known or not (an unsafe call to a wrong method is refused first); a safe method costs one look-up.
  app.addHook('onRequest', (req, _reply, done) => {
    if (!UNSAFE.has(req.method) || req.routeOptions.config?.csrf === false) return done();
    // Bearer clients send no cookies, so a forged cross-site request cannot ride on them.
    if (req.headers.authorization?.startsWith('Bearer ')) return done();
    const header = req.headers[XSRF_HEADER];
    const cookie = req.cookies[XSRF_COOKIE];
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !valid(header)) {
      return done(new AppError('csrf', 'csrfMismatch'));
    }
    done();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    setCsrfCookie(reply: FastifyReply): void;
  }
}
