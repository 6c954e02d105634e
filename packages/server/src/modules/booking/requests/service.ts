import {
  blockExpiresAt,
  can,
  decodeBookingStatusParam,
  encodeBookingStatusParam,
  generateBookingCode,
  HOLD_MS,
  isBookingCode,
  type Lang,
  type TBookingForm,
  type TBookingStoreBody,
  toWireDate,
} from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTrx } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError, IssuesError } from '../../../http/errors.ts';
import type { AccountsService } from '../../accounts/service.ts';
import type { AuthUser } from '../../sessions/service.ts';
import type { CouponsService } from '../coupons/service.ts';
import type { BookingRetry } from '../failed/retry.ts';
import type { PaymentLinksService } from '../payment-links/service.ts';
import { assertMayStore, operatorAccountOf } from '../staff/policy.ts';
import { planBlock } from './block-plan.ts';
import { buyerOf } from './buyer.ts';
import { type BookingPlan, type Buyer, planBooking, type TPlanInput } from './plan.ts';

export type { BookingPlan, PlannedPassenger, PlannedPrice } from './plan.ts';
import { statusAnswer } from './status.ts';
import type { InventoryService, LegNeed } from '../../inventory/service.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { PaymentOutcome, Payments } from '../../payments/contract.ts';
import type { TicketIssueRequest, Tickets } from '../../tickets/contract.ts';
import * as q from './queries.ts';
import { flaggedForms, passengerRows, paymentDescription, priceLineRows, requestRow, seatNeeds } from './rows.ts';

export type BookingStatus = 'pending' | 'blocked' | 'paid' | 'ticketed' | 'failed' | 'expired' | 'refunded' | 'deleted';

/** What POST /api/bookings did, by type (the route turns it into the store answer). */
export type StoreResult =
  | { type: 1; code: string; bankLink: string; holdExpiresAt: string }
  | { type: -1; code: string; link: string; email: string; holdExpiresAt: string }
  | { type: 2 | 3; code: string }
  | { type: 4; code: string; blockExpiresAt: string };

/** How record() writes a request: its first status, how its seats are taken, until when. */
interface RecordMode {
  status: 'pending' | 'paid' | 'blocked';
  seatsAs: 'held' | 'sold' | 'blocked';
  holdExpiresAt: string;
  actor: string;
  /** Type 4: the reason (bloccaPostiNota). */
  note?: string | null;
  /** A blocked booking whose seats become this request's (form.prenBloccataSel). */
  fromBlocked?: string | null;
  /** A retried booking (body.previousBooking) whose held seats become this request's. */
  retryOf?: string | null;
}

export interface BookingDeps {
  db: Db;
  transactions: Transactions;
  inventory: InventoryService;
  schedule: ScheduleService;
  accounts: Pick<AccountsService, 'requireUser'>;
  coupons: Pick<CouponsService, 'percent'>;
  payments: Payments;
  tickets: Tickets;
  /** Type -1: the link is sent through the payment-links service (set at composition). */
  paymentLinks?: Pick<PaymentLinksService, 'send'>;
  /** Retry of a booking that did not complete (body.retry): closes the previous one inside the new one's transaction. */
  retry?: Pick<BookingRetry, 'check' | 'closePrevious'>;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * Booking requests: records a priced plan with its seats held (HOLD_MINUTES), asks the bank
 * for a payment, turns the bank's outcome into tickets or a recorded failure, and sweeps
 * expired holds. Seat counts change only through the inventory service; every status change
 * is a conditional UPDATE plus a row in booking_events.
 */
export class BookingRequestsService {
  private readonly now: () => Date;

  constructor(private readonly deps: BookingDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Registers the outcome handler with the payments module (once, at composition). */
  listen(): void {
    this.deps.payments.onOutcome((outcome) => this.handleOutcome(outcome));
  }

  // ---- the wizard's calls -----------------------------------------------------------------

  /**
   * POST /api/bookings: the role rules first (403, nothing read or written), then every rule of
   * steps 1–4 with the domain functions and every price recomputed (422, nothing written), then
   * the payment type's own path: 1 card (bank), -1 payment link, 2 cash and 3 operator account
   * (paid and ticketed at once), 4 blocked seats.
   */
  async store(user: AuthUser, body: TBookingStoreBody, lang: Lang): Promise<StoreResult> {
    const buyer = await buyerOf(this.deps.accounts, user, lang);
    assertMayStore(buyer.roles, body);
    const retryOf = (await this.deps.retry?.check(user, body)) ?? null;
    if (body.type === 4) return this.block(user, buyer, body, lang);
    const plan = await this.plan(body, buyer, lang);
    const fromBlocked = body.form.prenBloccataSel ?? null;
    if (body.type === 1) return { type: 1, ...(await this.create(buyer.id, plan)) };
    if (body.type === -1) return this.storeWithLink(user, plan, fromBlocked, body.form.contacts.email_payment_link ?? '', lang, retryOf);
    return this.storePaid(user, plan, fromBlocked, body.type, retryOf);
  }

  /** POST /api/guest/grandtotal: the totals of a form, computed here (nothing is written). */
  async totals(user: AuthUser, form: TBookingForm, lang: Lang): Promise<BookingPlan['totals']> {
    const buyer = await buyerOf(this.deps.accounts, user, lang);
    return (await this.plan({ type: null, form, bookingChannel: 'WEB' }, buyer, lang)).totals;
  }

  private async plan(body: TPlanInput, buyer: Buyer, lang: Lang): Promise<BookingPlan> {
    const planned = await planBooking(this.deps, body, buyer, lang, this.now());
    if (!planned.ok) throw new IssuesError(planned.issues);
    return planned.plan;
  }

  /** GET /api/booking-status: the code travels as-is or base64-encoded; someone else's is 404. */
  async statusAnswer(codeParam: string, user: Pick<AuthUser, 'id' | 'roles'>) {
    const code = isBookingCode(codeParam) ? codeParam : decodeBookingStatusParam(codeParam);
    if (!code) throw new AppError('notFound', 'notFound');
    const { row, passengers, issued } = await this.statusOf(code, user);
    return statusAnswer(row, passengers, issued);
  }

  /** Development/e2e: moves a pending request's deadline to now, so the next sweep expires it. */
  async expireNow(code: string): Promise<void> {
    await q.expireNow(this.deps.db, code, this.now().toISOString());
  }

  // ---- create -----------------------------------------------------------------------------

  async create(userId: number, plan: BookingPlan): Promise<{ code: string; bankLink: string; holdExpiresAt: string }> {
    const now = this.now();
    const holdExpiresAt = new Date(now.getTime() + HOLD_MS).toISOString();
    const mode: RecordMode = { status: 'pending', seatsAs: 'held', holdExpiresAt, actor: `user:${userId}` };
    const { id, code } = await this.deps.transactions.run((trx) => this.record(trx, userId, plan, now, mode));
    const payment = await this.openPayment(code, plan);
    await q.setPaymentId(this.deps.db, id, payment.paymentId, this.now().toISOString());
    return { code, bankLink: payment.redirectUrl, holdExpiresAt };
  }

  /** Type -1: seats held HOLD_MINUTES, the payment link e-mailed; without a link the seats go back at once. */
  private async storeWithLink(
    user: AuthUser,
    plan: BookingPlan,
    fromBlocked: string | null,
    email: string,
    lang: Lang,
    retryOf: string | null = null,
  ): Promise<StoreResult> {
    const now = this.now();
    const holdExpiresAt = new Date(now.getTime() + HOLD_MS).toISOString();
    const mode: RecordMode = { status: 'pending', seatsAs: 'held', holdExpiresAt, actor: `user:${user.id}`, fromBlocked, retryOf };
    const { code } = await this.deps.transactions.run((trx) => this.record(trx, user.id, plan, now, mode));
    try {
      const sent = await this.deps.paymentLinks!.send(code, email, lang, user);
      return { type: -1, code, link: sent.link, email: sent.email, holdExpiresAt };
    } catch (err) {
      await this.fail(code, 'system', 'payment link could not be sent', {});
      throw err;
    }
  }

  /** Types 2 and 3: no bank; paid, recorded with who took it, and ticketed in one transaction; then the tickets are mailed. */
  private async storePaid(user: AuthUser, plan: BookingPlan, fromBlocked: string | null, type: 2 | 3, retryOf: string | null = null): Promise<StoreResult> {
    const now = this.now();
    const at = now.toISOString();
    const actor = `user:${user.id}`;
    const code = await this.deps.transactions.run(async (trx) => {
      const mode: RecordMode = { status: 'paid', seatsAs: 'sold', holdExpiresAt: at, actor, fromBlocked, retryOf };
      const { id, code } = await this.record(trx, user.id, plan, now, mode);
      const account = type === 2 ? 'cash' : operatorAccountOf(user.roles);
      await q.insertStaffPayment(trx, { requestId: id, type, account, amountCents: plan.totals.amount, takenBy: user.id, at });
      await this.deps.tickets.issue(trx, await this.ticketRequest(trx, (await q.findRequest(trx, id))!));
      if (!(await q.transition(trx, id, 'paid', 'ticketed', at))) throw new Error(`booking ${code}: paid → ticketed refused`);
      await q.insertEvent(trx, { requestId: id, from: 'paid', to: 'ticketed', actor, reason: `tickets issued (${account})`, at });
      return code;
    });
    await this.sendTickets(code);
    return { type, code };
  }

  /** Type 4: seats blocked (inventory 'blocked') until blockExpiresAt; no passengers, no payment. */
  private async block(user: AuthUser, buyer: Buyer, body: TBookingStoreBody, lang: Lang): Promise<StoreResult> {
    const now = this.now();
    const planned = await planBlock(this.deps, body, buyer, { email: user.email, lang }, now);
    if (!planned.ok) throw new IssuesError(planned.issues);
    const plan = planned.plan;
    const journeys = [plan.outbound, ...(plan.comeback ? [plan.comeback] : [])];
    const until = blockExpiresAt(now, journeys).toISOString();
    const note = body.bloccaPostiNota?.trim() ?? null;
    const mode: RecordMode = { status: 'blocked', seatsAs: 'blocked', holdExpiresAt: until, actor: `user:${user.id}`, note };
    const { code } = await this.deps.transactions.run((trx) => this.record(trx, user.id, plan, now, mode));
    return { type: 4, code, blockExpiresAt: until };
  }

  /**
   * Writes the request with its passengers and prices and takes its seats (409 and nothing
   * written when they are gone, or when a flight already carries another booking's pet).
   * Selling a blocked booking releases its seats and takes the new ones in this same
   * transaction: nobody ever sees both or neither holding them.
   */
  private async record(trx: DbOrTrx, userId: number, plan: BookingPlan, now: Date, mode: RecordMode): Promise<{ id: number; code: string }> {
    const at = now.toISOString();
    const code = await this.newCode(trx);
    const id = await q.insertRequest(trx, { ...requestRow(code, userId, plan, mode.holdExpiresAt, at), status: mode.status, note: mode.note ?? null });
    if (mode.fromBlocked) await this.closeBlocked(trx, mode.fromBlocked, plan, code, mode.actor, now);
    if (mode.retryOf) await this.deps.retry!.closePrevious(trx, mode.retryOf, code, mode.actor, now);
    // Seats before the rest: a refusal rolls back the request row too, so a 409 writes nothing.
    if (!(await this.deps.inventory.take(trx, id, seatNeeds(plan), mode.seatsAs, now))) throw new AppError('conflict', 'seatsGone');
    if (plan.pets > 0) await this.claimPets(trx, id, plan, at);
    await q.insertPassengers(trx, passengerRows(id, plan));
    await q.insertPriceLines(trx, priceLineRows(id, plan));
    await q.insertEvent(trx, { requestId: id, from: null, to: mode.status, actor: mode.actor, reason: `type ${plan.type}, seats ${mode.seatsAs}`, at });
    return { id, code };
  }

  /** One pet per flight across all bookings (held, sold or blocked): flight_pets' key decides, inside the seat transaction. */
  private async claimPets(trx: DbOrTrx, requestId: number, plan: BookingPlan, at: string): Promise<void> {
    for (const flight of [plan.outbound, plan.comeback]) {
      if (flight && !(await this.deps.inventory.claimPetPlace(trx, flight.flightId, requestId, new Date(at)))) throw new AppError('conflict', 'petAlreadyOnFlight');
    }
  }

  /** The blocked booking being sold: must be an active block on the same flights; it is closed and its seats released. */
  private async closeBlocked(trx: DbOrTrx, blockedCode: string, plan: BookingPlan, newCode: string, actor: string, now: Date): Promise<void> {
    const at = now.toISOString();
    const block = await q.lockRequest(trx, blockedCode, at);
    if (!block || block.type !== 4) throw new AppError('notFound', 'blockedBookingNotFound');
    if (block.status !== 'blocked' || block.hold_expires_at <= at) throw new AppError('conflict', 'blockedBookingClosed');
    if (block.departure_flight_id !== plan.outbound.flightId || (block.comeback_flight_id ?? null) !== (plan.comeback?.flightId ?? null)) {
      throw new AppError('conflict', 'blockedBookingMismatch');
    }
    if (!(await q.transition(trx, block.id, 'blocked', 'deleted', at, { failure_reason: `sold as ${newCode}` }))) throw new AppError('conflict', 'blockedBookingClosed');
    const seats = await this.deps.inventory.release(trx, block.id, now);
    await q.insertEvent(trx, { requestId: block.id, from: 'blocked', to: 'deleted', actor, reason: `sold as booking ${newCode}; ${seats} seat(s) passed on`, at });
  }

  /** Asks the bank for the payment page; without one the seats go back at once rather than when the hold ends. */
  private async openPayment(code: string, plan: BookingPlan) {
    try {
      return await this.deps.payments.create({
        reference: code,
        amountCents: plan.totals.amount,
        description: paymentDescription(plan),
        lang: plan.lang,
        customerEmail: plan.contacts.email,
        returnPath: `/booking-status/${encodeBookingStatusParam(code)}`,
      });
    } catch (err) {
      this.deps.log.error({ err, code }, 'payment creation failed');
      await this.fail(code, 'system', 'payment could not be created', {});
      throw new AppError('badGateway', 'paymentUnavailable');
    }
  }

  private async newCode(trx: DbOrTrx): Promise<string> {
    for (;;) {
      const code = generateBookingCode();
      if (!(await q.codeExists(trx, code))) return code;
    }
  }

  // ---- buyer actions ----------------------------------------------------------------------

  /** A request of this user, or 404 (someone else's request does not exist for them). */
  async ownRequest(code: string, userId: number): Promise<q.BookingRequestRow> {
    const row = await q.findRequestByCode(this.deps.db, code);
    if (!row || row.user_id !== userId) throw new AppError('notFound', 'notFound');
    return row;
  }

  /** The one-time extension of a pending request's payment deadline, by another HOLD_MINUTES. */
  async extend(code: string, userId: number): Promise<{ holdExpiresAt: string }> {
    const row = await this.ownRequest(code, userId);
    const now = this.now();
    const newExpiry = new Date(new Date(row.hold_expires_at).getTime() + HOLD_MS).toISOString();
    const ok = await this.deps.transactions.run(async (trx) => {
      if (!(await q.extendHold(trx, row.id, newExpiry, now.toISOString()))) return false;
      await q.insertEvent(trx, { requestId: row.id, from: 'pending', to: 'pending', actor: `user:${userId}`, reason: 'deadline extended once', at: now.toISOString() });
      return true;
    });
    if (!ok) throw new AppError('conflict', 'holdNotExtendable');
    return { holdExpiresAt: newExpiry };
  }

  // ---- payment outcome --------------------------------------------------------------------

  /**
   * The bank's verified outcome. Idempotent: a replay finds the request already paid,
   * ticketed, failed or refunded and changes nothing (tickets are never issued twice).
   */
  async handleOutcome(outcome: PaymentOutcome): Promise<void> {
    if (outcome.status === 'approved') return this.approved(outcome);
    await this.fail(outcome.reference, `bank:${outcome.gateway}`, outcome.status === 'declined' ? 'payment declined' : 'payment abandoned', {
      bank_message: outcome.bankMessage?.slice(0, 255) ?? null,
      error_code: outcome.errorCode?.slice(0, 32) ?? null,
      payment_id: outcome.paymentId,
    });
  }

  private async approved(outcome: PaymentOutcome): Promise<void> {
    const { inventory, tickets, payments, log, transactions } = this.deps;
    const actor = `bank:${outcome.gateway}`;
    const result = await transactions.run(async (trx): Promise<'ticketed' | 'refund' | 'nothing'> => {
      const now = this.now();
      const at = now.toISOString();
      const row = await q.lockRequest(trx, outcome.reference, at);
      if (!row) {
        log.error({ reference: outcome.reference }, 'approved payment for an unknown booking request');
        return 'nothing';
      }
      // A ticket change (channel CHANGE) rides on a booking request: ticket-changes handles its approved payment.
      if (row.channel === 'CHANGE') return 'nothing';
      const step = async (from: string, to: BookingStatus, reason: string, extra: Parameters<typeof q.transition>[5] = {}) => {
        if (!(await q.transition(trx, row.id, from, to, at, extra))) throw new Error(`booking ${row.code}: ${from} → ${to} refused`);
        await q.insertEvent(trx, { requestId: row.id, from, to, actor, reason, at });
      };
      if (row.status === 'paid' || row.status === 'ticketed' || row.status === 'refunded') return 'nothing';
      if (row.status === 'failed' && (row.failure_reason === SEATS_LOST || row.failure_reason === BOOKING_REMOVED)) return 'refund'; // refund not done yet
      // Staff removed it (or retried it as a new booking) while the buyer was still on the bank page:
      // its seats are gone or belong to the new booking, so the money goes back.
      if (row.status === 'deleted') {
        await step('deleted', 'failed', 'payment approved after the booking was removed', { failure_reason: BOOKING_REMOVED, payment_id: outcome.paymentId });
        return 'refund';
      }
      if (outcome.amountCents !== row.amount_cents) {
        await step(row.status, 'failed', `approved amount ${outcome.amountCents} ≠ ${row.amount_cents}`, {
          failure_reason: AMOUNT_MISMATCH,
          payment_id: outcome.paymentId,
        });
        await inventory.release(trx, row.id, now);
        return 'refund';
      }
      // Seats still held → sold. Hold already swept (or a decline raced it) → take them again.
      const seated = (row.status === 'pending' && (await inventory.sellHeld(trx, row.id, now))) || (await this.seatAgain(trx, row, now));
      if (!seated) {
        await step(row.status, 'failed', 'payment approved after the hold expired; seats gone', { failure_reason: SEATS_LOST, payment_id: outcome.paymentId });
        return 'refund';
      }
      await step(row.status, 'paid', 'payment approved', { payment_id: outcome.paymentId, failure_reason: null });
      await tickets.issue(trx, await this.ticketRequest(trx, row));
      await step('paid', 'ticketed', 'tickets issued');
      return 'ticketed';
    });

    if (result === 'ticketed') await this.sendTickets(outcome.reference);
    if (result === 'refund') {
      // Never keep money without a ticket: give it back, then record it.
      await payments.refund(outcome.paymentId, `booking ${outcome.reference}: no seats (or booking removed) for an approved payment`);
      await transactions.run(async (trx) => {
        const at = this.now().toISOString();
        const row = await q.lockRequest(trx, outcome.reference, at);
        if (row && (await q.transition(trx, row.id, 'failed', 'refunded', at))) {
          await q.insertEvent(trx, { requestId: row.id, from: 'failed', to: 'refunded', actor: 'system', reason: 'payment refunded', at });
        }
      });
    }
  }

  /** The tickets to the contact e-mail, with the check-in forms the booking flagged (email_forms_pdf). */
  private async sendTickets(code: string): Promise<void> {
    const row = await q.findRequestByCode(this.deps.db, code);
    await this.deps.tickets.sendBookingTickets(code, { forms: flaggedForms(row?.forms_json ?? null) });
  }

  /**
   * A payment approved after the hold was swept: the pet's place (if it flies) and the seats
   * taken again. The pet first: a place claimed by a request that then fails is free to take over.
   */
  private async seatAgain(trx: DbOrTrx, row: q.BookingRequestRow, now: Date): Promise<boolean> {
    const pet = (await q.passengersOf(trx, row.id)).some((p) => p.category === 'an');
    const flights = [row.departure_flight_id, ...(row.comeback_flight_id ? [row.comeback_flight_id] : [])];
    for (const flightId of pet ? flights : []) if (!(await this.deps.inventory.claimPetPlace(trx, flightId, row.id, now))) return false;
    return this.deps.inventory.take(trx, row.id, await this.needsOf(trx, row), 'sold', now);
  }

  /** Seats each leg of the request's journeys needs (to take them again after a sweep). */
  private async needsOf(trx: DbOrTrx, row: q.BookingRequestRow): Promise<LegNeed[]> {
    const holds = await this.deps.inventory.holds(trx, row.id);
    const byLeg = new Map<number, number>();
    for (const h of holds) byLeg.set(h.flight_leg_id, Math.max(byLeg.get(h.flight_leg_id) ?? 0, h.seats));
    return [...byLeg].map(([legId, seats]) => ({ legId, seats }));
  }

  /**
   * Pending (or paid-but-unseated) request → failed with the reason, seats released.
   * Expired requests also take the bank's message. Paid or ticketed ones are never touched.
   */
  private async fail(code: string, actor: string, reason: string, extra: Parameters<typeof q.transition>[5]): Promise<void> {
    const { inventory, transactions } = this.deps;
    await transactions.run(async (trx) => {
      const now = this.now();
      const at = now.toISOString();
      const row = await q.lockRequest(trx, code, at);
      if (!row || (row.status !== 'pending' && row.status !== 'expired')) return;
      if (!(await q.transition(trx, row.id, row.status, 'failed', at, { ...extra, failure_reason: reason }))) return;
      await inventory.release(trx, row.id, now);
      await q.insertEvent(trx, {
        requestId: row.id,
        from: row.status,
        to: 'failed',
        actor,
        reason: [reason, extra?.error_code, extra?.bank_message].filter(Boolean).join(' – '),
        at,
      });
    });
  }

  private async ticketRequest(trx: DbOrTrx, row: q.BookingRequestRow): Promise<TicketIssueRequest> {
    const [passengers, prices] = await Promise.all([q.passengersOf(trx, row.id), q.priceLinesOf(trx, row.id)]);
    const flightIds = [row.departure_flight_id, ...(row.comeback_flight_id ? [row.comeback_flight_id] : [])];
    const legs = await this.deps.schedule.legsOfFlights(flightIds, trx);
    const holds = new Set((await this.deps.inventory.holds(trx, row.id)).map((h) => h.flight_leg_id));
    const journey = (direction: 'd' | 'c', flightId: number) => {
      const own = legs.filter((l) => l.flightId === flightId && holds.has(l.legId)).sort((a, b) => a.seq - b.seq);
      const first = own[0]!;
      const last = own.at(-1)!;
      return {
        direction,
        flightId,
        flightCode: first.code,
        departsAt: first.departsAt,
        arrivesAt: last.arrivesAt,
        originId: first.originId,
        destinationId: last.destinationId,
      };
    };
    return {
      bookingCode: row.code,
      ownerUserId: row.user_id,
      contactEmail: row.contact_email,
      lang: row.lang === 'en' ? 'en' : 'it',
      passengers: passengers.map((p) => ({
        key: String(p.position),
        lastname: p.lastname,
        firstname: p.firstname,
        birthDate: toWireDate(p.birth_date),
        category: p.category as 'a' | 'c' | 'i' | 'an',
        tktCategory: p.tkt_category as 'AD' | 'CH' | 'INF',
        email: p.email,
      })),
      journeys: [journey('d', row.departure_flight_id), ...(row.comeback_flight_id ? [journey('c', row.comeback_flight_id)] : [])],
      prices: prices.map((p) => ({
        passengerKey: String(p.position),
        direction: p.direction as 'd' | 'c',
        fareCents: p.fare_cents,
        ticketCents: p.ticket_cents,
        taxCents: p.tax_cents,
        landingTaxCents: p.landing_tax_cents,
        totalCents: p.total_cents,
      })),
    };
  }

  // ---- sweeper ----------------------------------------------------------------------------

  /**
   * Releases the seats of pending requests and blocked bookings past their deadline. Safe with several sweepers
   * (instances) at once: the pending → expired UPDATE succeeds for one of them only, and
   * only that one releases. Returns how many requests this call expired.
   */
  async sweep(limit = 200): Promise<number> {
    const { inventory, db, transactions } = this.deps;
    const due = await q.expiredHolds(db, this.now().toISOString(), limit);
    let expired = 0;
    for (const r of due) {
      const done = await transactions.run(async (trx) => {
        const now = this.now();
        const at = now.toISOString();
        const blocked = r.status === 'blocked';
        if (!(await q.transition(trx, r.id, r.status, 'expired', at, { failure_reason: blocked ? 'seat block expired' : 'hold expired' }, at))) return false;
        const seats = await inventory.release(trx, r.id, now);
        const reason = `${blocked ? 'block expired' : 'payment deadline passed'}; ${seats} seat(s) released`;
        await q.insertEvent(trx, { requestId: r.id, from: r.status, to: 'expired', actor: 'sweeper', reason, at });
        return true;
      });
      if (done) expired++;
    }
    return expired;
  }

  // ---- reading ----------------------------------------------------------------------------

  /** The owner's request; staff (Admin, Prenotazioni, PrenotaFull) see every booking (the management list links here). */
  async statusOf(code: string, user: Pick<AuthUser, 'id' | 'roles'>) {
    const row = can(user.roles, 'booking.staffPaymentArea') ? await q.findRequestByCode(this.deps.db, code) : await this.ownRequest(code, user.id);
    if (!row) throw new AppError('notFound', 'notFound');
    const passengers = await q.passengersOf(this.deps.db, row.id);
    const issued = row.status === 'ticketed' ? await this.deps.tickets.listForBooking(row.code) : [];
    return { row, passengers, issued };
  }

  events(requestId: number) {
    return q.eventsOf(this.deps.db, requestId);
  }
}

const SEATS_LOST = 'seats lost after payment';
const BOOKING_REMOVED = 'booking removed before payment';
const AMOUNT_MISMATCH = 'approved amount differs';
