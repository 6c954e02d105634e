import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { devRoutes } from './dev/routes.ts';

/** Every capability of the API, one module folder each. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(adminRoutes);
  if (!app.config.production) await app.register(devRoutes);
}
