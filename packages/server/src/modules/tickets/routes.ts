import type { FastifyInstance } from 'fastify';

/** Tickets: receipts, PDFs and ticket e-mails. */
export async function ticketsRoutes(_app: FastifyInstance): Promise<void> {}
