import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * No cache keeps an API answer unless its route says the answer is public (`public, max-age=…`,
 * the same for everyone: flights of a day, posts). Everything else may carry personal data — the
 * account, tickets, bookings, staff lists, a flight-change link's offer — and a shared proxy or the
 * browser's history must not keep it: `Cache-Control: no-store`. An error is never public.
 */
export const noStorePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') && (reply.statusCode >= 400 || !isPublic(reply.getHeader('cache-control')))) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});

const isPublic = (value: unknown) => typeof value === 'string' && /(^|,)\s*public\b/.test(value);
