import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DbHandle } from './db/database.ts';
import { Transactions } from './db/transaction.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { PersonalDataService } from './modules/accounts/privacy/service.ts';
import { AdminService } from './modules/admin/service.ts';
import { AuthService } from './modules/auth/service.ts';
import { AuditLog } from './modules/audit/service.ts';
import { CouponsService } from './modules/booking/coupons/service.ts';
import { FailedPaymentLink } from './modules/booking/failed/payment-link.ts';
import { BookingRetry } from './modules/booking/failed/retry.ts';
import { FailedBookingsService } from './modules/booking/failed/service.ts';
import { PaymentLinksService } from './modules/booking/payment-links/service.ts';
import { StaffBookingsService } from './modules/booking/staff/service.ts';
import { BookingRequestsService } from './modules/booking/requests/service.ts';
import { HoldSweeper, sweepLock } from './modules/booking/requests/sweeper.ts';
import { FlightSearchService } from './modules/booking/search/service.ts';
import { Captcha } from './modules/contacts/captcha.ts';
import { ContactsService } from './modules/contacts/service.ts';
import { CompanyPages } from './modules/content/company-pages.ts';
import { TravelDocuments } from './modules/content/documents.ts';
import { HelipadPostsService } from './modules/content/posts.ts';
import { InventoryService } from './modules/inventory/service.ts';
import { ShortLegs } from './modules/inventory/short-legs.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { PaymentsService } from './modules/payments/service.ts';
import { type EventBus, InProcessBus, PgNotifyBus } from './modules/realtime/bus.ts';
import { ChannelSigner } from './modules/realtime/channels.ts';
import { PusherHttpBus } from './modules/realtime/pusher-http.ts';
import { SocketHub } from './modules/realtime/hub.ts';
import { ScheduleService } from './modules/schedule/service.ts';
import { SessionService } from './modules/sessions/service.ts';
import { ThrottleService } from './modules/throttle/service.ts';
import { TicketsService } from './modules/tickets/service.ts';
import { MyTicketsService } from './modules/tickets/my-tickets/service.ts';
import { TimetableService } from './modules/timetable/service.ts';
import { PaypalClient } from './modules/payments/paypal/client.ts';
import { PaypalCheckout } from './modules/ticket-changes/checkout.ts';
import { TicketChangesService } from './modules/ticket-changes/service.ts';
import { HealthService } from './modules/health/service.ts';
import { CheckInService } from './modules/checkin/service.ts';
import { BoardingPasses } from './modules/tickets/boarding-pass.ts';
import { FlightChangeService } from './modules/cancellations/passenger-link.ts';
import { CancellationsService } from './modules/cancellations/service.ts';
import { RefundLists } from './modules/refunds/staff-queries.ts';
import { RefundActions } from './modules/refunds/actions.ts';
import { NexiRefunds, nexiRecordedCents, PaypalRefunds, SandboxRefunds } from './modules/refunds/gateways.ts';
import { RefundWorker } from './modules/refunds/worker.ts';
import { ReportsService } from './modules/reports/service.ts';

export interface ServiceDeps {
  db: DbHandle['db'];
  dialect: DbHandle['dialect'];
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * The composition root: every service of the application, built once, here. Route plugins
 * receive the ones they use (modules/index.ts); nothing else constructs a service, so every
 * path to a capability goes through the same instance with the same collaborators.
 */
export function createServices({ db, dialect, config, mailer, log }: ServiceDeps) {
  const transactions = new Transactions({ db, dialect }, config.writeTimeouts);
  // Nothing read by a request is kept per instance beyond the small time-bounded caches of docs/caches.md.
  const sessions = new SessionService(db, config.appUrl.startsWith('https:'));
  const throttle = new ThrottleService(db);
  const accounts = new AccountsService({ db, transactions, sessions, throttle });
  const auth = new AuthService({ db, transactions, config, mailer, accounts, sessions, throttle, log });
  const admin = new AdminService({ accounts, transactions, mailer, config });
  const captcha = new Captcha(config.altchaHmacSecret);
  const contacts = new ContactsService({ db, transactions, config, mailer, captcha, log });

  const helipadPosts = new HelipadPostsService(db);
  const companyPages = new CompanyPages(config.contentRoot);
  const documents = new TravelDocuments(config.contentRoot);
  const schedule = new ScheduleService(db);
  const timetable = new TimetableService(schedule);
  // The sold-out memo: it only ever refuses a booking earlier, never lets one through (decision 030, docs/caches.md).
  const inventory = new InventoryService(schedule, new ShortLegs());
  // Who changed which booking when: every booking, ticket and ticket-change path writes it in its own transaction.
  const audit = new AuditLog(db);
  const personalData = new PersonalDataService({ db, transactions, audit, passwords: accounts });
  const payments = new PaymentsService({ db, transactions, config, log });
  // Boarding passes: the tickets print the signed code, the check-in desk verifies it (decision 024).
  const passes = new BoardingPasses(config.boardingPassKey);
  const tickets = new TicketsService({ db, config, mailer, log, passes });
  const myTickets = new MyTicketsService({ db, transactions, tickets, mailer, throttle, log, audit });
  const coupons = new CouponsService(db);
  const search = new FlightSearchService({ db, schedule, inventory });
  const paymentLinks = new PaymentLinksService({ db, transactions, payments, mailer, appUrl: config.appUrl, log, audit });
  const retry = new BookingRetry({ db, inventory, audit });
  const holdLimit = { holdSeatsPerBuyer: config.holdSeatsPerBuyer, holdIpAllowList: config.rateLimitAllowList };
  const requests = new BookingRequestsService({
    db,
    transactions,
    inventory,
    schedule,
    accounts,
    coupons,
    payments,
    tickets,
    paymentLinks,
    retry,
    log,
    audit,
    ...holdLimit,
  });
  // The payment outcome reaches the booking module that created the payment.
  requests.listen();
  const sweeper = new HoldSweeper(requests, payments, log, sweepLock(db, dialect));
  // Live staff channel: one process hears itself; instances on one PostgreSQL database hear each other;
  // with an external Pusher-compatible server, every instance publishes there (decision 053).
  const bus: EventBus = config.pusher.external
    ? new PusherHttpBus(config.pusher.external)
    : dialect === 'postgres'
      ? new PgNotifyBus(db, config.databaseUrl, log)
      : new InProcessBus();
  const channelSigner = new ChannelSigner(config.pusher.key, config.pusher.secret);
  const socketHub = new SocketHub({ bus, signer: channelSigner, log, heartbeatMs: 25_000 });
  const failedBookings = new FailedBookingsService({ db, transactions, inventory, schedule, bus, log, audit });
  const failedPaymentLink = new FailedPaymentLink({ db, transactions, inventory, schedule, paymentLinks, audit });
  const staffBookings = new StaffBookingsService({ db, transactions, inventory, schedule, tickets, audit });
  // Ticket changes: an unpaid change is a pending booking request, so the same sweeper releases its seats.
  const paypal = new PaypalClient(config.paypal);
  const ticketChanges = new TicketChangesService({
    db,
    transactions,
    inventory,
    schedule,
    tickets,
    paymentLinks,
    payments,
    mailer,
    log,
    audit,
    paypalEnabled: config.paypal.enabled,
  });
  ticketChanges.listen();
  const paypalCheckout = new PaypalCheckout(ticketChanges, paypal, config.appUrl);
  // A change whose capture was cut short by a crash: the sweeper asks PayPal and settles it.
  sweeper.alsoSettle(() => paypalCheckout.settleInterrupted());
  const health = new HealthService(db);
  const checkIn = new CheckInService({ db, transactions, passes, audit, log, bus });
  // Weather cancellations (issue 13 B): the staff side, and the passenger's link whose choices go through the ticket-change service; the sweeper sends the 24 h reminders.
  const cancellations = new CancellationsService({ db, transactions, schedule, mailer, audit, appUrl: config.appUrl, secret: config.sessionSecret });
  const flightChange = new FlightChangeService({ db, transactions, schedule, inventory, ticketChanges, coupons, mailer, audit });
  // A failing reminder never stops the sweep that releases expired holds.
  sweeper.alsoSettle(() =>
    cancellations.remindUnanswered().catch((err: unknown) => {
      log.error({ err }, 'cancellation reminders failed');
      return 0;
    }),
  );

  // What customers and staff read of the refund ledger (my tickets, /admin/refunds).
  const refundLists = new RefundLists(db);
  // Pending refunds go back through the gateway that took the money: after each sweep, and (main.ts) at once when the ledger writes one.
  const refundWorker = new RefundWorker({
    db,
    transactions,
    mailer,
    log,
    gateways: {
      nexi: new NexiRefunds(payments.nexiClient, nexiRecordedCents(db)),
      paypal: new PaypalRefunds(paypal),
      sandbox: new SandboxRefunds(payments.bank, transactions),
    },
  });
  sweeper.alsoAfter(() => refundWorker.runDue());
  const refundActions = new RefundActions({ transactions, mailer, worker: refundWorker });

  return {
    transactions,
    sessions,
    throttle,
    accounts,
    auth,
    admin,
    captcha,
    contacts,
    helipadPosts,
    companyPages,
    documents,
    schedule,
    timetable,
    inventory,
    audit,
    personalData,
    payments,
    tickets,
    myTickets,
    coupons,
    search,
    requests,
    sweeper,
    bus,
    channelSigner,
    socketHub,
    failedBookings,
    failedPaymentLink,
    paymentLinks,
    staffBookings,
    paypal,
    ticketChanges,
    paypalCheckout,
    health,
    checkIn,
    cancellations,
    flightChange,
    refundLists,
    refundWorker,
    refundActions,
    reports: new ReportsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
