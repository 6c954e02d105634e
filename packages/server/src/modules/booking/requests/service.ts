import {
  BOOKING_TYPE,
  can,
  decodeBookingStatusParam,
  encodeBookingStatusParam,
  generateBookingCode,
  HOLD_MS,
  isBookingCode,
  type Lang,
  type TBookingForm,
  type TBookingStoreBody,
} from '@heliline/domain';
import type { DbOrTrx } from '../../../db/database.ts';
import { AppError, IssuesError } from '../../../http/errors.ts';
import { newPaymentId, type OpenedPayment, type PaymentOutcome } from '../../payments/contract.ts';
import { statusEntry } from '../../audit/service.ts';
import type { AuthUser } from '../../sessions/service.ts';
import { assertMayStore } from '../staff/policy.ts';
import { buyerOf } from './buyer.ts';
import { MONEY_RETURNED_REASONS } from './failure-reasons.ts';
import { HoldLimit, type HoldHolder, holdIpOf } from './hold-limit.ts';
import { PaymentOutcomes } from './outcome.ts';
import { type BookingPlan, type Buyer, planBooking, type TPlanInput } from './plan.ts';
import * as q from './queries.ts';
import { passengerRows, paymentDescription, priceLineRows, requestRow, seatNeeds } from './rows.ts';
import { statusAnswer } from './status.ts';
import { StaffStoreModes } from './store-modes.ts';
import type { BookingDeps, RecordMode, StoreResult } from './types.ts';

export type { BookingPlan } from './plan.ts';
export type { BookingDeps, StoreResult } from './types.ts';

/**
 * Booking requests: records a priced plan with its seats held (HOLD_MINUTES), asks the bank
 * for a payment, turns the bank's outcome into tickets or a recorded failure, and sweeps
 * expired holds. Seat counts change only through the inventory service; every status change
 * is a conditional UPDATE plus a row in booking_events. The bank's outcome lives in
 * PaymentOutcomes (outcome.ts), the staff's store paths in StaffStoreModes (store-modes.ts).
 */
export class BookingRequestsService {
  private readonly now: () => Date;
  private readonly outcomes: PaymentOutcomes;
  private readonly modes: StaffStoreModes;
  private readonly holdLimit: HoldLimit;

  constructor(private readonly deps: BookingDeps) {
    this.now = deps.now ?? (() => new Date());
    this.holdLimit = new HoldLimit(deps.holdSeatsPerBuyer, deps.holdIpAllowList);
    this.outcomes = new PaymentOutcomes(deps);
    this.modes = new StaffStoreModes(deps, this.outcomes, (trx, userId, plan, now, mode) => this.record(trx, userId, plan, now, mode));
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
   * (paid and ticketed at once), 4 blocked seats, 5 a voucher covering all (ticketed at once).
   */
  async store(user: AuthUser, body: TBookingStoreBody, lang: Lang, clientIp?: string): Promise<StoreResult> {
    const buyer = buyerOf(user);
    assertMayStore(buyer.roles, body);
    const retryOf = (await this.deps.retry?.check(user, body)) ?? null;
    if (body.type === BOOKING_TYPE.block) return this.modes.block(user, buyer, body, lang);
    const plan = await this.plan(body, buyer, lang);
    const fromBlocked = body.form.prenBloccataSel ?? null;
    if (body.type === BOOKING_TYPE.card) return { type: BOOKING_TYPE.card, ...(await this.create(buyer.id, plan, { userId: buyer.id, roles: buyer.roles, clientIp })) };
    if (body.type === BOOKING_TYPE.paymentLink) return this.modes.storeWithLink(user, plan, fromBlocked, body.form.contacts.email_payment_link ?? '', lang, retryOf);
    return this.modes.storePaid(user, plan, fromBlocked, body.type, retryOf);
  }

  /** POST /api/guest/grandtotal: the totals of a form, computed here (nothing is written). */
  async totals(user: AuthUser, form: TBookingForm, lang: Lang): Promise<BookingPlan['totals']> {
    const buyer = buyerOf(user);
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

  /**
   * A buyer's card booking: seats held until paid, within the buyer's hold limit (429 past it,
   * nothing written). One write transaction (decision 021): the request, its seats, passengers,
   * prices, events and the payment at the bank commit together or not at all, so a failure
   * anywhere (no seats, the bank refusing to open a page, a crash) leaves nothing half-made.
   */
  async create(userId: number, plan: BookingPlan, holder: HoldHolder): Promise<{ code: string; bankLink: string; holdExpiresAt: string }> {
    const now = this.now();
    const holdExpiresAt = new Date(now.getTime() + HOLD_MS).toISOString();
    const paymentId = newPaymentId();
    const mode: RecordMode = { status: 'pending', seatsAs: 'held', holdExpiresAt, actor: `user:${userId}`, holdIp: holdIpOf(holder.clientIp), paymentId };
    // A sell-out burst: once a flight is known to be full, the buyers after the last seat are
    // answered as the take would answer them, without a transaction (decision 030). Asked again
    // once the transaction is ours: in a burst most requests wait for it meanwhile.
    const refuseKnownShort = () => {
      if (this.deps.inventory.knownShort(seatNeeds(plan))) throw new AppError('conflict', 'seatsGone');
    };
    refuseKnownShort();
    const subjects = this.holdLimit.subjectsOf(holder);
    return this.deps.transactions.run(async (trx) => {
      refuseKnownShort();
      await this.holdLimit.check(trx, subjects, plan.seats, now);
      const { code } = await this.record(trx, userId, plan, now, mode);
      const payment = this.openPayment(code, plan, paymentId);
      await this.deps.payments.record(trx, payment);
      return { code, bankLink: payment.redirectUrl, holdExpiresAt };
    });
  }

  /**
   * Writes the request with its passengers and prices and takes its seats (409 and nothing
   * written when they are gone, or when a flight already carries another booking's pet).
   * Selling a blocked booking releases its seats and takes the new ones in this same
   * transaction: nobody ever sees both or neither holding them.
   */
  private async record(trx: DbOrTrx, userId: number, plan: BookingPlan, now: Date, mode: RecordMode): Promise<{ id: number; code: string }> {
    const at = now.toISOString();
    const { id, code } = await this.insertWithNewCode(trx, (code) => ({
      ...requestRow(code, userId, plan, mode.holdExpiresAt, at),
      status: mode.status,
      note: mode.note ?? null,
      hold_ip: mode.holdIp ?? null,
      payment_id: mode.paymentId ?? null,
    }));
    if (mode.fromBlocked) await this.modes.closeBlocked(trx, mode.fromBlocked, plan, code, mode.actor, now);
    if (mode.retryOf) await this.deps.retry!.closePrevious(trx, mode.retryOf, code, mode.actor, now);
    if (!(await this.deps.inventory.take(trx, id, seatNeeds(plan), mode.seatsAs, now))) throw new AppError('conflict', 'seatsGone');
    await q.insertPassengers(trx, passengerRows(id, plan));
    await q.insertPriceLines(trx, priceLineRows(id, plan));
    await q.insertEvent(trx, { requestId: id, from: null, to: mode.status, actor: mode.actor, reason: `type ${plan.type}, seats ${mode.seatsAs}`, at });
    await this.deps.audit.record(
      trx,
      statusEntry(code, mode.actor, 'created', null, mode.status, { type: plan.type, seats: mode.seatsAs, amount_cents: plan.totals.amount }),
    );
    if (plan.pets > 0) await this.claimPets(trx, id, plan, at);
    // The voucher's part is spent in the request's transaction (409, rolled back, when its balance no longer covers it).
    const voucherCents = plan.coupon?.voucherCents ?? 0;
    if (voucherCents > 0 && !(await this.deps.coupons.spendVoucher(trx, plan.coupon!.code, voucherCents, id, at)))
      throw new AppError('conflict', 'voucherBalanceChanged');
    return { id, code };
  }

  /** One pet per flight across all bookings (held, sold or blocked): flight_pets' key decides, inside the seat transaction. */
  private async claimPets(trx: DbOrTrx, requestId: number, plan: BookingPlan, at: string): Promise<void> {
    // Ascending flight id, as the seats: two return bookings of opposite directions never wait on each other in a cycle.
    const flightIds = [plan.outbound.flightId, ...(plan.comeback ? [plan.comeback.flightId] : [])].sort((a, b) => a - b);
    for (const flightId of flightIds) {
      if (!(await this.deps.inventory.claimPetPlace(trx, flightId, requestId, new Date(at)))) throw new AppError('conflict', 'petAlreadyOnFlight');
    }
  }

  /** Opens the bank's payment page for the booking's transaction to record; without one nothing is kept (502). */
  private openPayment(code: string, plan: BookingPlan, paymentId: string): OpenedPayment {
    try {
      return this.deps.payments.open({
        paymentId,
        reference: code,
        amountCents: plan.totals.amount,
        description: paymentDescription(plan),
        lang: plan.lang,
        customerEmail: plan.contacts.email,
        returnPath: `/booking-status/${encodeBookingStatusParam(code)}`,
      });
    } catch (err) {
      this.deps.log.error({ err, code }, 'payment creation failed; booking rolled back');
      throw new AppError('badGateway', 'paymentUnavailable');
    }
  }

  /** The request row under a fresh booking code: the code's unique key decides (no read first); a taken code draws again. */
  private async insertWithNewCode(trx: DbOrTrx, rowOf: (code: string) => q.NewBookingRequest): Promise<{ id: number; code: string }> {
    for (;;) {
      const code = generateBookingCode();
      const id = await q.insertRequestIfNewCode(trx, rowOf(code));
      if (id !== null) return { id, code };
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
      await this.deps.audit.record(trx, {
        code,
        actor: `user:${userId}`,
        action: 'deadlineExtended',
        detail: { hold_expires_at: { from: row.hold_expires_at, to: newExpiry } },
      });
      return true;
    });
    if (!ok) throw new AppError('conflict', 'holdNotExtendable');
    return { holdExpiresAt: newExpiry };
  }

  // ---- payment outcome --------------------------------------------------------------------

  /**
   * The bank's verified outcome (PaymentOutcomes). Idempotent: a replay finds the request already paid,
   * ticketed, failed or refunded and changes nothing (tickets are never issued twice).
   */
  handleOutcome(outcome: PaymentOutcome): Promise<void> {
    return this.outcomes.handleOutcome(outcome);
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
      if (r.status === 'pending' && r.payment_id && (await this.settledByPayment(r.code, r.payment_id))) continue;
      const done = await transactions.run(async (trx) => {
        const now = this.now();
        const at = now.toISOString();
        const blocked = r.status === 'blocked';
        if (!(await q.transition(trx, r.id, r.status, 'expired', at, { failure_reason: blocked ? 'seat block expired' : 'hold expired' }, at))) return false;
        const seats = await inventory.release(trx, r.id, now);
        await this.deps.coupons.restoreVoucher(trx, r.id, 'booking-expired', at);
        const reason = `${blocked ? 'block expired' : 'payment deadline passed'}; ${seats} seat(s) released`;
        await q.insertEvent(trx, { requestId: r.id, from: r.status, to: 'expired', actor: 'sweeper', reason, at });
        await this.deps.audit.status(trx, r.code, 'sweeper', 'expired', r.status, 'expired', { seats_released: seats });
        return true;
      });
      if (done) expired++;
    }
    await this.finishRefunds(limit);
    return expired;
  }

  /**
   * Money the bank took for a request that failed (seats lost, amount differs, booking removed)
   * goes back at once; a crash between that failure and the refund would keep it silently (the
   * failed-bookings list leaves these reasons out). The payment's outcome, told again, refunds it.
   */
  private async finishRefunds(limit: number): Promise<void> {
    for (const r of await q.refundsDue(this.deps.db, Object.values(MONEY_RETURNED_REASONS), limit)) await this.settledByPayment(r.code, r.payment_id!);
  }

  /**
   * Before a pending request expires: was it paid after all? A crash between the bank's decision
   * and this module hearing it leaves the request pending with the money taken; the payment's
   * outcome, told again, tickets it (or fails it). On an error the request is kept for the next
   * sweep rather than expired over money that may be approved.
   */
  private async settledByPayment(code: string, paymentId: string): Promise<boolean> {
    try {
      return (await this.deps.payments.reconcile(paymentId)) !== null;
    } catch (err) {
      this.deps.log.error({ err, code, paymentId }, 'payment reconcile failed; hold kept for the next sweep');
      return true;
    }
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
