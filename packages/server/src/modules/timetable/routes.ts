import type { FastifyInstance } from 'fastify';

/** Next flight, flights of a day and the embedded week grid, from the real schedule. */
export async function timetableRoutes(_app: FastifyInstance): Promise<void> {}
