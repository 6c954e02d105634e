import type { FastifyInstance } from 'fastify';

/** The audit rows of a booking as the admin endpoint reads them (service level, no HTTP). */
export async function auditActions(app: FastifyInstance, code: string) {
  const entries = await app.services.audit.list(code);
  return entries.map((e) => ({ action: e.action, ticket: e.ticket_nr, by: e.actor_user_id ?? e.actor, detail: e.detail }));
}
