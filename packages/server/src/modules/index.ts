import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { bookingRoutes } from './booking/routes.ts';
import { contactsRoutes } from './contacts/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { devRoutes } from './dev/routes.ts';
import { paymentsRoutes } from './payments/routes.ts';
import { ticketsRoutes } from './tickets/routes.ts';
import { timetableRoutes } from './timetable/routes.ts';

/** Every capability of the API, one module folder each. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(adminRoutes);
  // Public site
  await app.register(contentRoutes);
  await app.register(contactsRoutes);
  await app.register(timetableRoutes);
  // Booking
  await app.register(bookingRoutes);
  await app.register(paymentsRoutes);
  await app.register(ticketsRoutes);
  if (!app.config.production) await app.register(devRoutes);
}
