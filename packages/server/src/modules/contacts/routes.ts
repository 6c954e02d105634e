import type { FastifyInstance } from 'fastify';

/** Contact requests with a self-hosted ALTCHA captcha. */
export async function contactsRoutes(_app: FastifyInstance): Promise<void> {}
