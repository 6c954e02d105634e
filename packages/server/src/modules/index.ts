import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
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

/** Every capability of the API, one module folder each; each gets the services it uses. */
export async function registerModules(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(authRoutes, { auth: s.auth, accounts: s.accounts, sessions: s.sessions });
  await app.register(accountsRoutes, { accounts: s.accounts });
  await app.register(adminRoutes, { admin: s.admin });
  // Public site
  await app.register(contentRoutes, { posts: s.helipadPosts, companyPages: s.companyPages, documents: s.documents });
  await app.register(contactsRoutes, { contacts: s.contacts, captcha: s.captcha });
  await app.register(timetableRoutes, { timetable: s.timetable });
  // Booking
  await app.register(bookingRoutes, { booking: s.booking, accounts: s.accounts, search: s.flightSearch });
  await app.register(paymentsRoutes, { payments: s.payments });
  await app.register(ticketsRoutes, { tickets: s.tickets });
  if (!app.config.production) await app.register(devRoutes);
}
