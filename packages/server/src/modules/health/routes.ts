import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../http/errors.ts';
import { ZMessageBody } from '../../http/schemas.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors.ts';
import type { HealthService } from './service.ts';

const ZLive = z.object({ status: z.literal('ok'), uptimeSeconds: z.number().int().nonnegative() });
const ZReady = ZMessageBody.extend({ status: z.literal('ready'), database: z.literal('up') });
// Also the error handler's plain 503 body (the database failed before the route ran, e.g. a session lookup).
const ZNotReady = ZMessageBody.extend({ status: z.literal('unavailable').optional(), database: z.literal('down').optional() });

const live = {
  config: { access: 'public' } as const,
  schema: {
    tags: ['health'],
    summary: 'Liveness: the process answers (no database call; a database outage does not make an instance dead)',
    response: { 200: ZLive },
  },
};

const ready = {
  config: { access: 'public' } as const,
  schema: {
    tags: ['health'],
    summary: 'Readiness: the database answers within 2 s. 503 with Retry-After while it does not (send no traffic here)',
    response: { 200: ZReady, 503: ZNotReady },
  },
};

/** GET /api/health (liveness) and GET /api/health/ready (readiness), for the proxy and operators. */
export async function healthRoutes(fastify: FastifyInstance, opts: { health: HealthService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { health } = opts;
  app.get('/api/health', live, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, uptimeSeconds: health.uptimeSeconds() };
  });
  app.get('/api/health/ready', ready, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { database } = await health.readiness();
    if (database === 'up') return messageBody('serviceReady', req.lang, { status: 'ready' as const, database });
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.status(503).send(messageBody('databaseUnavailable', req.lang, { status: 'unavailable' as const, database }));
  });
}
