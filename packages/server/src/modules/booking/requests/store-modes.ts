import { BOOKING_TYPE, blockExpiresAt, HOLD_MS, type Lang, type TBookingStoreBody } from '@heliline/domain';
import type { DbOrTrx } from '../../../db/database.ts';
import { AppError, IssuesError } from '../../../http/errors.ts';
import type { AuthUser } from '../../sessions/service.ts';
import { operatorAccountOf } from '../staff/policy.ts';
import { planBlock } from './block-plan.ts';
import type { PaymentOutcomes } from './outcome.ts';
import type { BookingPlan, Buyer } from './plan.ts';
import * as q from './queries.ts';
import type { BookingDeps, RecordMode, PaidAtOnceType, StoreResult } from './types.ts';

/** The service's record(): writes the request and takes its seats inside the given transaction. */
export type RecordRequest = (trx: DbOrTrx, userId: number, plan: BookingPlan, now: Date, mode: RecordMode) => Promise<{ id: number; code: string }>;

/**
 * The staff's store paths of POST /api/bookings: -1 payment link, 2 cash and 3 operator account
 * (paid and ticketed at once), 4 blocked seats; and the closing of a blocked booking being sold.
 */
export class StaffStoreModes {
  private readonly now: () => Date;

  constructor(
    private readonly deps: BookingDeps,
    private readonly outcomes: Pick<PaymentOutcomes, 'fail' | 'ticketRequest' | 'mailTickets'>,
    private readonly record: RecordRequest,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Type -1: seats held HOLD_MINUTES, the payment link e-mailed; without a link the seats go back at once. */
  async storeWithLink(user: AuthUser, plan: BookingPlan, fromBlocked: string | null, email: string, lang: Lang, retryOf: string | null = null): Promise<StoreResult> {
    const now = this.now();
    const holdExpiresAt = new Date(now.getTime() + HOLD_MS).toISOString();
    const mode: RecordMode = { status: 'pending', seatsAs: 'held', holdExpiresAt, actor: `user:${user.id}`, fromBlocked, retryOf };
    const { code } = await this.deps.transactions.run((trx) => this.record(trx, user.id, plan, now, mode));
    try {
      const sent = await this.deps.paymentLinks!.send(code, email, lang, user);
      return { type: BOOKING_TYPE.paymentLink, code, link: sent.link, email: sent.email, holdExpiresAt };
    } catch (err) {
      await this.outcomes.fail(code, 'system', 'payment link could not be sent', {});
      throw err;
    }
  }

  /**
   * Types 2 and 3: no bank; paid, recorded with who took it, ticketed and the tickets mail queued
   * in one transaction. Type 5 the same, paid by the voucher spent in record() (no desk payment).
   */
  async storePaid(user: AuthUser, plan: BookingPlan, fromBlocked: string | null, type: PaidAtOnceType, retryOf: string | null = null): Promise<StoreResult> {
    const now = this.now();
    const at = now.toISOString();
    const actor = `user:${user.id}`;
    const code = await this.deps.transactions.run(async (trx) => {
      const mode: RecordMode = { status: 'paid', seatsAs: 'sold', holdExpiresAt: at, actor, fromBlocked, retryOf };
      const { id, code } = await this.record(trx, user.id, plan, now, mode);
      const account = type === BOOKING_TYPE.cash ? 'cash' : type === BOOKING_TYPE.voucher ? 'voucher' : operatorAccountOf(user.roles);
      if (type !== BOOKING_TYPE.voucher) await q.insertStaffPayment(trx, { requestId: id, type, account, amountCents: plan.totals.amount, takenBy: user.id, at });
      const request = (await q.findRequest(trx, id))!;
      await this.deps.audit.ticketsIssued(trx, code, actor, await this.deps.tickets.issue(trx, await this.outcomes.ticketRequest(trx, request)));
      if (!(await q.transition(trx, id, 'paid', 'ticketed', at))) throw new Error(`booking ${code}: paid → ticketed refused`);
      await q.insertEvent(trx, { requestId: id, from: 'paid', to: 'ticketed', actor, reason: `tickets issued (${account})`, at });
      await this.deps.audit.status(trx, code, actor, 'ticketed', 'paid', 'ticketed', {
        paid_by: type === BOOKING_TYPE.operatorAccount ? 'operator account' : account,
        account,
        amount_cents: plan.totals.amount,
      });
      await this.outcomes.mailTickets(trx, request);
      return code;
    });
    return { type, code };
  }

  /** Type 4: seats blocked (inventory 'blocked') until blockExpiresAt; no passengers, no payment. */
  async block(user: AuthUser, buyer: Buyer, body: TBookingStoreBody, lang: Lang): Promise<StoreResult> {
    const now = this.now();
    const planned = await planBlock(this.deps, body, buyer, { email: user.email, lang }, now);
    if (!planned.ok) throw new IssuesError(planned.issues);
    const plan = planned.plan;
    const journeys = [plan.outbound, ...(plan.comeback ? [plan.comeback] : [])];
    const until = blockExpiresAt(now, journeys).toISOString();
    const note = body.bloccaPostiNota?.trim() ?? null;
    const mode: RecordMode = { status: 'blocked', seatsAs: 'blocked', holdExpiresAt: until, actor: `user:${user.id}`, note };
    const { code } = await this.deps.transactions.run((trx) => this.record(trx, user.id, plan, now, mode));
    return { type: BOOKING_TYPE.block, code, blockExpiresAt: until };
  }

  /** The blocked booking being sold: must be an active block on the same flights; it is closed and its seats released. */
  async closeBlocked(trx: DbOrTrx, blockedCode: string, plan: BookingPlan, newCode: string, actor: string, now: Date): Promise<void> {
    const at = now.toISOString();
    const block = await q.lockRequest(trx, blockedCode, at);
    if (!block || block.type !== BOOKING_TYPE.block) throw new AppError('notFound', 'blockedBookingNotFound');
    if (block.status !== 'blocked' || block.hold_expires_at <= at) throw new AppError('conflict', 'blockedBookingClosed');
    if (block.departure_flight_id !== plan.outbound.flightId || (block.comeback_flight_id ?? null) !== (plan.comeback?.flightId ?? null)) {
      throw new AppError('conflict', 'blockedBookingMismatch');
    }
    if (!(await q.transition(trx, block.id, 'blocked', 'deleted', at, { failure_reason: `sold as ${newCode}` }))) throw new AppError('conflict', 'blockedBookingClosed');
    const seats = await this.deps.inventory.release(trx, block.id, now);
    await q.insertEvent(trx, { requestId: block.id, from: 'blocked', to: 'deleted', actor, reason: `sold as booking ${newCode}; ${seats} seat(s) passed on`, at });
    await this.deps.audit.status(trx, block.code, actor, 'blockSold', 'blocked', 'deleted', { sold_as: newCode, seats });
  }
}
