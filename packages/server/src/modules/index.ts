import type { FastifyInstance } from 'fastify';

/** Every capability of the API, one module folder each. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  void app;
}
