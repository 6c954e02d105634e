import type { FastifyInstance } from 'fastify';

/** Company pages, helipad posts, travel documents, sitemap and robots. */
export async function contentRoutes(_app: FastifyInstance): Promise<void> {}
