import { ZBookingAuditAnswer, ZBookingCode } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditLog } from './service.ts';

const bookingAudit = {
  config: { access: 'bookings.audit', answers: [404] } as const,
  schema: {
    tags: ['booking'],
    summary: 'Who changed a booking when (audit log): Admin, Prenotazioni, PrenotaFull',
    description:
      'Every change of the booking and its tickets, oldest first: payment outcome, tickets issued, passenger edits, ticket changes, staff sales and blocks, failed-booking handling, holds expired by the sweeper. Unknown code 404; others 403.',
    params: z.object({ code: ZBookingCode }),
    response: { 200: ZBookingAuditAnswer },
  },
};

/** The booking audit log, read by the staff who manage bookings. */
export async function auditRoutes(fastify: FastifyInstance, opts: { audit: AuditLog }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/bookings/:code/audit', bookingAudit, async (req) => ({ code: req.params.code, entries: await opts.audit.list(req.params.code) }));
}
