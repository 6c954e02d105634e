import type { FastifyInstance } from 'fastify';

/** Payment gateways: the built-in sandbox bank and signed notifications. */
export async function paymentsRoutes(_app: FastifyInstance): Promise<void> {}
