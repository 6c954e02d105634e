import type { FastifyInstance } from 'fastify';

/** Flight search, booking requests, coupons and booking status. */
export async function bookingRoutes(_app: FastifyInstance): Promise<void> {}
