import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { personalDataRoutes } from './accounts/privacy/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { couponsRoutes } from './booking/coupons/routes.ts';
import { failedBookingsRoutes } from './booking/failed/routes.ts';
import { requestsRoutes } from './booking/requests/routes.ts';
import { paymentLinksRoutes } from './booking/payment-links/routes.ts';
import { staffBookingsRoutes } from './booking/staff/routes.ts';
import { searchRoutes } from './booking/search/routes.ts';
import { contactsRoutes } from './contacts/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { devRoutes } from './dev/routes.ts';
import { paymentsRoutes } from './payments/routes.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { ticketsRoutes } from './tickets/routes.ts';
import { ticketChangesRoutes } from './ticket-changes/routes.ts';
import { myTicketsRoutes } from './tickets/my-tickets/routes.ts';
import { timetableRoutes } from './timetable/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { checkInRoutes } from './checkin/routes.ts';
import { cancellationsRoutes } from './cancellations/routes.ts';
import { refundsRoutes } from './refunds/routes.ts';
import { reportsRoutes } from './reports/routes.ts';

/** Every capability of the API, one module folder each; each gets the services it uses. */
export async function registerModules(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(authRoutes, { auth: s.auth, accounts: s.accounts, sessions: s.sessions });
  await app.register(accountsRoutes, { accounts: s.accounts });
  await app.register(personalDataRoutes, { personalData: s.personalData });
  await app.register(adminRoutes, { admin: s.admin });
  // Public site
  await app.register(contentRoutes, { posts: s.helipadPosts, companyPages: s.companyPages, documents: s.documents });
  await app.register(contactsRoutes, { contacts: s.contacts, captcha: s.captcha });
  await app.register(timetableRoutes, { timetable: s.timetable });
  // Booking
  await app.register(searchRoutes, { search: s.search });
  await app.register(requestsRoutes, { requests: s.requests });
  await app.register(couponsRoutes, { coupons: s.coupons });
  await app.register(paymentLinksRoutes, { paymentLinks: s.paymentLinks });
  await app.register(staffBookingsRoutes, { staff: s.staffBookings });
  await app.register(auditRoutes, { audit: s.audit });
  await app.register(paymentsRoutes, { payments: s.payments });
  await app.register(ticketsRoutes, { tickets: s.tickets, throttle: s.throttle });
  await app.register(ticketChangesRoutes, { changes: s.ticketChanges, checkout: s.paypalCheckout, paypal: s.paypal });
  await app.register(myTicketsRoutes, { myTickets: s.myTickets });
  // Staff: failed bookings and their live channel
  await app.register(failedBookingsRoutes, { failed: s.failedBookings, paymentLink: s.failedPaymentLink });
  await app.register(realtimeRoutes, { bus: s.bus, hub: s.socketHub, signer: s.channelSigner, sessions: s.sessions });
  // Staff: the check-in desk (boarding passes, masses, closing, manifest)
  await app.register(checkInRoutes, { checkIn: s.checkIn });
  await app.register(cancellationsRoutes, { cancellations: s.cancellations, flightChange: s.flightChange });
  // Refunds people can see: the customer's on my tickets, the staff ledger with retry and desk payouts.
  await app.register(refundsRoutes, { lists: s.refundLists, actions: s.refundActions });
  // Money reports: sales, refunds and net, cash closings, CSV (Admin; a cashier its own cash).
  await app.register(reportsRoutes, { reports: s.reports });
  await app.register(healthRoutes, { health: s.health });
  if (!app.config.production) await app.register(devRoutes, { mailer: app.mailer, schedule: s.schedule });
}
