import type { FastifyInstance } from 'fastify';

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
