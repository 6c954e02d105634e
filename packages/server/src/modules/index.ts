import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { bookingRoutes } from './booking/routes.ts';
import { BookingService } from './booking/service.ts';
import { HoldSweeper } from './booking/sweeper.ts';
import { contactsRoutes } from './contacts/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { devRoutes } from './dev/routes.ts';
import { InventoryService } from './inventory/service.ts';
import { paymentsRoutes } from './payments/routes.ts';
import { PaymentsService } from './payments/service.ts';
import { ticketsRoutes } from './tickets/routes.ts';
import { TicketsService } from './tickets/service.ts';
import { timetableRoutes } from './timetable/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking requests (tests call sweep and read events through it). */
    booking: BookingService;
    /** Releases expired seat holds; main.ts starts it on an interval. */
    holdSweeper: HoldSweeper;
  }
}

/** Every capability of the API, one module folder each. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(adminRoutes);
  // Public site
  await app.register(contentRoutes);
  await app.register(contactsRoutes);
  await app.register(timetableRoutes);
  // Booking: one instance of each service, shared by the route plugins, so the payment
  // outcome reaches the booking module that created the payment.
  const deps = { db: app.db, config: app.config, mailer: app.mailer, log: app.log };
  const payments = new PaymentsService(deps);
  const tickets = new TicketsService(deps);
  const inventory = new InventoryService({ db: app.db, dialect: app.dialect });
  const booking = new BookingService({ db: app.db, inventory, payments, tickets, log: app.log });
  booking.listen();
  const holdSweeper = new HoldSweeper(booking, payments, app.log);
  app.decorate('booking', booking);
  app.decorate('holdSweeper', holdSweeper);
  app.addHook('onClose', () => holdSweeper.stop());
  await app.register(bookingRoutes, { booking, inventory });
  await app.register(paymentsRoutes, { payments });
  await app.register(ticketsRoutes, { tickets });
  if (!app.config.production) await app.register(devRoutes);
}
