import type { FastifyInstance } from 'fastify';

export async function devRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
