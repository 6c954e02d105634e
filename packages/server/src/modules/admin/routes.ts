import { AGENCY_STATUS_FILTERS, ZAgencySummary } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../http/errors.ts';
import { SECURITY_USER, ZMessageBody } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AdminService } from './service.ts';

const agencies = {
  config: { access: 'agencies.authorise' } as const,
  schema: {
    tags: ['admin'],
    summary: 'Agencies: those waiting for confirmation (default) or all',
    security: SECURITY_USER,
    querystring: z.object({ status: z.enum(AGENCY_STATUS_FILTERS, { message: 'invalidValue' }).default('pending') }),
    response: { 200: z.object({ agencies: z.array(ZAgencySummary) }) },
  },
};

const authoriseAgency = {
  config: { access: 'agencies.authorise', answers: [404] } as const,
  schema: {
    tags: ['admin'],
    summary: 'Unlocks an agency account and e-mails it',
    security: SECURITY_USER,
    params: z.object({ id: z.coerce.number({ message: 'invalidValue' }).int({ message: 'invalidValue' }).positive({ message: 'invalidValue' }) }),
    response: { 200: ZMessageBody.extend({ agency: ZAgencySummary }) },
  },
};

/** Admin screens: confirming agencies (ability agencies.authorise). */
export async function adminRoutes(fastify: FastifyInstance, opts: { admin: AdminService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { admin } = opts;
  app.get('/api/admin/agencies', agencies, async (req) => ({ agencies: await admin.listAgencies(req.query.status) }));
  app.post('/api/admin/agencies/:id/authorise', authoriseAgency, async (req) => {
    const agency = await admin.authoriseAgency(req.params.id, currentUser(req).id);
    return messageBody('agencyAuthorised', req.lang, { agency });
  });
}
