import { randomUUID } from 'node:crypto';
import {
  can,
  centsToAmount,
  CHANGE_TYPE,
  effectiveRefundSettings,
  HOLD_MS,
  isGroupCode,
  isValidEmail,
  issue,
  type Lang,
  localized,
  localizedWith,
  type TChangeAnswer,
  type TChangeBody,
  type TManageBookingAnswer,
  type TRetrieveStatusAnswer,
  DEFAULT_REFUND_SETTINGS,
} from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentLinksService } from '../booking/payment-links/service.ts';
import type { AuditLog } from '../audit/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { PaymentOutcome, Payments } from '../payments/contract.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ScheduleService } from '../schedule/service.ts';
import { groupTicketRows, lockGroup, ticketMarks } from '../tickets/changes.ts';
import type { TicketsService } from '../tickets/service.ts';
import { applyRecorded, claimPetPlaces, newChangeCode, newSeatNeeds, type RecordInput, requestRow, type StoredPlan, storedPlan } from './apply.ts';
import { conflict, refused } from './errors.ts';
import { refundMail } from './mail.ts';
import { type RefundCause, refundCancelled, refundUnapplied, type UnappliedRefund } from './refunds.ts';
import { type ChangePlan, type GroupState, type OperatorChange, planChange, type Reader } from './plan.ts';
import * as q from './queries.ts';
import { REFUND_REASONS, refundsOfCause } from '../refunds/ledger-queries.ts';
import { previewRows, type RowContext, storedRow, travelSlots } from './rows.ts';

export interface TicketChangesDeps {
  db: Db;
  transactions: Transactions;
  inventory: InventoryService;
  schedule: ScheduleService;
  tickets: Pick<TicketsService, 'mailBookingTickets'>;
  /** Type -1: the payment link of a recorded change (wt/staff-store's service). */
  paymentLinks: Pick<PaymentLinksService, 'send'>;
  /** Approved bank payments of type -1 changes come back here; a change that cannot be applied any more is refunded (the refund ledger). */
  payments: Pick<Payments, 'onOutcome'>;
  mailer: Pick<Mailer, 'enqueue'>;
  log: FastifyBaseLogger;
  audit: Pick<AuditLog, 'status' | 'changeApplied'>;
  /** false (PAYPAL_ENABLED=false): a customer's change that costs more is refused (409); staff payment links still work. */
  paypalEnabled: boolean;
  now?: () => Date;
}

/** Staff with booking rights open any booking (spec §1/§6: Admin, Prenotazioni, PrenotaFull). */
const isBookingStaff = (reader: Reader) => can(reader.roles, 'booking.staffPaymentArea');

/**
 * My-tickets edit mode, server side: the whole booking by its group code, the change (preview,
 * pay, payment link) checked and priced by the domain, recorded with the new seats held, and
 * applied in one transaction — at once when nothing is owed, or when PayPal's capture succeeds
 * (checkout.ts). An unpaid change is a pending booking request: the booking sweeper releases
 * its seats at the deadline and the old tickets stand untouched.
 */
export class TicketChangesService {
  readonly now: () => Date;

  constructor(readonly deps: TicketChangesDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** GET /api/manage-bookings/{code}: owner (or booking staff) only, else 404. */
  async show(reader: Reader, code: string): Promise<TManageBookingAnswer> {
    const group = await this.loadGroup(this.deps.db, reader, code);
    const now = this.now();
    const open = await q.openChangeOfGroup(this.deps.db, group.groupCode, now.toISOString());
    const ctx = await this.rowContext(reader, group, !!open, now);
    const marks = new Map(
      (
        await ticketMarks(
          this.deps.db,
          group.tickets.map((t) => t.ticket_nr),
        )
      ).map((m) => [m.ticket_nr, m]),
    );
    return {
      bookingCode: group.groupCode,
      bookings: group.tickets.map((t) => storedRow(t, marks.get(t.ticket_nr), ctx)),
      travels: travelSlots(group.live, await q.passengerGenders(this.deps.db, [...new Set(group.live.map((t) => t.booking_code))])),
      refundSettingsEditable: isBookingStaff(reader),
      pendingChange: open ? { bookingRequestUuid: open.uuid, amount: centsToAmount(open.amount_cents), paymentDeadline: open.hold_expires_at } : null,
      paidChangesAvailable: this.deps.paypalEnabled,
    };
  }

  /** PUT /api/bookings/{code}: type 0 preview, 1 pay (PayPal, or applied at once when nothing is owed), -1 payment link (staff). */
  async change(reader: Reader, code: string, body: TChangeBody, lang: Lang): Promise<TChangeAnswer> {
    const group = await this.loadGroup(this.deps.db, reader, code);
    if (body.type === CHANGE_TYPE.paymentLink) this.checkPaymentLink(reader, body);
    const now = this.now();
    const plan = await planChange(this.deps, this.deps.db, reader, group, body, now);
    if (body.type === CHANGE_TYPE.pay && plan.costs.total > 0 && !this.deps.paypalEnabled) throw conflict([issue('changePaymentUnavailable')]);
    const ctx = await this.rowContext(reader, group, false, now);
    const base = { rows: previewRows(plan, ctx), costs: this.wireCosts(plan) };
    if (body.type === CHANGE_TYPE.preview) return this.previewAnswer(base, plan, group.groupCode, lang);
    const recorded = await this.record(plan, reader, body.type, lang, now, {
      refundMail: true,
      reason: REFUND_REASONS.ticketCancelled,
      requestedBy: `user:${reader.id}`,
    });
    const applied = recorded.applied;
    const link = !applied && body.type === CHANGE_TYPE.paymentLink ? await this.sendLink(recorded.code, body.contacts.email_payment_link!, lang, reader) : null;
    return {
      ...base,
      ...(link ? this.linkSentAnswer(link.email, lang) : this.answer(applied ? 'changeApplied' : 'changeAwaitingPayment', lang)),
      paypal: !applied && !link,
      bookingCode: recorded.code,
      amount: centsToAmount(plan.costs.total),
      bookingRequestUuid: recorded.uuid,
      paymentDeadline: applied ? null : recorded.holdExpiresAt,
      applied,
    };
  }

  private previewAnswer(base: Pick<TChangeAnswer, 'rows' | 'costs'>, plan: ChangePlan, groupCode: string, lang: Lang): TChangeAnswer {
    const amount = centsToAmount(plan.costs.total);
    return {
      ...base,
      ...this.answer('changePreviewReady', lang),
      paypal: false,
      bookingCode: groupCode,
      amount,
      bookingRequestUuid: null,
      paymentDeadline: null,
      applied: false,
    };
  }

  /**
   * Weather cancellations (modules/cancellations, issue 13): a change the operator makes for the
   * passenger — moves at no cost, cancellations with the given refund — through the same
   * planning, atomic seat take, ticket marks and e-mails as my-tickets; nothing is owed, so it
   * is applied at once. Throws the same 409/422 as a customer's change (nothing written).
   */
  async applyForPassenger(groupCode: string, body: TChangeBody, operator: OperatorChange, lang: Lang, options: { refundMail: boolean; reason: RefundCause['reason'] }) {
    const group = await this.groupState(this.deps.db, groupCode);
    if (!group) throw new AppError('notFound', 'notFound');
    const reader: Reader = { id: group.tickets[0]!.owner_user_id, roles: [] };
    const now = this.now();
    const plan = await planChange(this.deps, this.deps.db, reader, group, body, now, operator);
    if (plan.costs.total !== 0) throw new Error(`change for a cancelled flight would cost ${plan.costs.total}`);
    const recorded = await this.record(plan, reader, 1, lang, now, { ...options, requestedBy: 'passenger-link' });
    return { code: recorded.code, plan: recorded.stored, refundCents: plan.refundCents };
  }

  /** Registers the bank outcome handler (type -1 changes are paid at the bank through the link). */
  listen(): void {
    this.deps.payments.onOutcome((outcome) => this.handleOutcome(outcome));
  }

  /** An approved bank payment of a change applies it; one that can no longer be applied is refunded. Declines are the booking module's (request failed, seats released). */
  async handleOutcome(outcome: PaymentOutcome): Promise<void> {
    if (outcome.status !== 'approved') return;
    const row = await q.findByCode(this.deps.db, outcome.reference);
    if (!row || row.status === 'ticketed') return;
    // A replayed outcome of a change already failed and refunded: nothing more to do.
    if (row.status === 'failed' && (await refundsOfCause(this.deps.db, row.code)).length) return;
    try {
      if (outcome.amountCents !== row.amount_cents) throw new Error(`approved ${outcome.amountCents} ≠ ${row.amount_cents}`);
      await this.applyPaid(row.id, `bank:${outcome.gateway}`);
    } catch (err) {
      this.deps.log.error({ err, code: row.code }, 'approved payment of a ticket change could not be applied: refunding');
      const payment = { source: outcome.gateway === 'nexi' ? ('nexi' as const) : ('sandbox' as const), sourceRef: outcome.paymentId };
      await this.failUnapplied(row.id, row.status, 'paid but not applicable; refund due', { payment, amountCents: outcome.amountCents });
    }
  }

  /** A paid change that could not be applied: failed with the reason, its held seats given back (the old tickets stand), the money it took refunded in the same transaction. */
  async failUnapplied(requestId: number, from: string, reason: string, refund: UnappliedRefund): Promise<void> {
    await this.deps.transactions.run(async (trx) => {
      const now = this.now();
      if (!(await q.transition(trx, requestId, from, 'failed', now.toISOString(), { reason }))) return;
      await refundUnapplied(trx, (await q.findById(trx, requestId))!, refund, now);
      await this.deps.inventory.release(trx, requestId, now);
      await q.insertEvent(trx, { requestId, from, to: 'failed', actor: 'system', reason, at: now.toISOString() });
      await this.deps.audit.status(trx, (await q.findById(trx, requestId))!.code, 'system', 'changeFailed', from, 'failed', { reason });
    });
  }

  /** Sends the payment link; without it the held seats go back at once (the change cannot be paid). */
  private async sendLink(code: string, email: string, lang: Lang, reader: Reader) {
    try {
      return await this.deps.paymentLinks.send(code, email, lang, { id: reader.id });
    } catch (err) {
      await this.deps.transactions.run(async (trx) => {
        const at = this.now().toISOString();
        const row = await q.findByCode(trx, code);
        if (row && (await q.transition(trx, row.id, 'pending', 'failed', at, { reason: 'payment link not sent' }))) {
          await this.deps.inventory.release(trx, row.id, this.now());
          await this.deps.audit.status(trx, row.code, 'system', 'changeFailed', 'pending', 'failed', { reason: 'payment link not sent' });
        }
      });
      throw err;
    }
  }

  /** GET /api/bookings-requests/retrieve-status: true with type 0 while waiting, type 1/-1 when done; false when failed or expired. */
  async retrieveStatus(reader: Reader, uuid: string): Promise<TRetrieveStatusAnswer> {
    const row = await this.ownChange(reader, uuid);
    const done = row.status === 'ticketed';
    const waiting = row.status === 'pending' || row.status === 'paying';
    const key = done ? 'changeApplied' : waiting ? 'changeAwaitingPayment' : row.status === 'expired' ? 'changeExpired' : 'changeFailed';
    return {
      status: done || waiting,
      messages: localized(key),
      type: done ? Number(row.type) : 0,
      bank_link: null,
      redirect_link: null,
      amount: centsToAmount(row.amount_cents),
      bookingCode: row.code,
      state: row.status,
    };
  }

  /** A change request the reader may see and pay: the tickets' owner or who recorded it; others 404. */
  async ownChange(reader: Reader, uuid: string): Promise<q.ChangeRequestRow> {
    const row = await q.findByUuid(this.deps.db, uuid);
    if (!row || (row.user_id !== reader.id && row.created_by !== reader.id)) throw new AppError('notFound', 'notFound');
    return row;
  }

  /** After a payment: applies a recorded change (the capture calls it; idempotent). */
  async applyPaid(requestId: number, actor: string): Promise<'applied' | 'already'> {
    const now = this.now();
    const result = await this.deps.transactions.run(async (trx) => {
      const row = await q.lockRequest(trx, requestId, now.toISOString());
      if (!row) throw new Error(`change request ${requestId} not found`);
      if (row.status === 'ticketed') return null;
      const plan = await applyRecorded(trx, this.deps.inventory, row, row.status, actor, now);
      await this.deps.audit.changeApplied(trx, row.code, actor, row.status, plan);
      await this.mailApplied(trx, row, plan);
      await refundCancelled(trx, row, plan, { reason: REFUND_REASONS.ticketCancelled, requestedBy: `user:${row.created_by}` }, now);
      return row;
    });
    return result ? 'applied' : 'already';
  }

  // ---- internals ----------------------------------------------------------------------------

  private checkPaymentLink(reader: Reader, body: TChangeBody): void {
    if (!can(reader.roles, 'booking.paymentLink')) throw new AppError('forbidden', 'forbidden');
    if (!isValidEmail(body.contacts.email_payment_link)) throw refused([issue('changePaymentLinkEmailInvalid', undefined, 'contacts.email_payment_link')]);
  }

  /** Records the change with its new seats held; applies it in the same transaction when nothing is owed. */
  private async record(plan: ChangePlan, reader: Reader, type: RecordInput['type'], lang: Lang, now: Date, refunds: RefundCause & { refundMail: boolean }) {
    const holdExpiresAt = new Date(now.getTime() + HOLD_MS).toISOString();
    const stored = storedPlan(plan);
    const result = await this.deps.transactions.run(async (trx) => {
      const at = now.toISOString();
      await lockGroup(trx, plan.group.groupCode);
      // Planned outside the lock: a ticket changed meanwhile (a change applied at once) is not live any more.
      const touched = [...stored.moves, ...stored.cancels].map((m) => m.ticketNr);
      const gone = await ticketMarks(trx, touched);
      if (gone.length) throw conflict(gone.map((m) => issue('changeTicketNotLive', { ticketNr: m.ticket_nr })));
      if (await q.openChangeOfGroup(trx, plan.group.groupCode, at)) throw conflict([issue('changePendingExists')]);
      const input: RecordInput = {
        plan,
        stored,
        type,
        uuid: randomUUID(),
        code: await newChangeCode(trx, plan.group.groupCode),
        createdBy: reader.id,
        lang,
        holdExpiresAt,
      };
      const id = await q.insertRequest(trx, requestRow(input, at));
      if (stored.moves.length && !(await this.deps.inventory.take(trx, id, newSeatNeeds(stored), 'held', now))) throw conflict([issue('changeSeatsGone')]);
      await claimPetPlaces(trx, this.deps.inventory, id, stored, now);
      await q.insertChange(trx, changeRow(id, input, plan, at));
      await q.insertEvent(trx, { requestId: id, from: null, to: 'pending', actor: `user:${reader.id}`, reason: 'ticket change, new seats held', at });
      await this.deps.audit.status(trx, input.code, `user:${reader.id}`, 'changeRecorded', null, 'pending', {
        type,
        amount_cents: plan.costs.total,
        refund_cents: plan.refundCents,
      });
      if (plan.costs.total > 0) return { ...input, applied: false as const };
      const row = (await q.findById(trx, id))!;
      await applyRecorded(trx, this.deps.inventory, row, 'pending', `user:${reader.id}`, now);
      await this.deps.audit.changeApplied(trx, row.code, `user:${reader.id}`, 'pending', stored);
      await this.mailApplied(trx, row, refunds.refundMail ? stored : { ...stored, cancels: [] });
      await refundCancelled(trx, row, stored, refunds, now);
      return { ...input, applied: true as const, row };
    });
    return result;
  }

  /** In the transaction that applies a change: the new tickets to the contact, the refund e-mail for cancelled ones. */
  private async mailApplied(trx: DbOrTrx, row: q.ChangeRequestRow, plan: StoredPlan): Promise<void> {
    if (plan.moves.length) await this.deps.tickets.mailBookingTickets(trx, row.code);
    if (!plan.cancels.length) return;
    const rows = await groupTicketRows(trx, row.group_code);
    const byNr = new Map(rows.map((t) => [t.ticket_nr, t]));
    const lines = plan.cancels.map((c) => {
      const t = byNr.get(c.ticketNr);
      return { ticketNr: c.ticketNr, name: t ? `${t.lastname} ${t.firstname}` : '', paidCents: c.paidCents, refundCents: c.refundCents };
    });
    await this.deps.mailer.enqueue(trx, refundMail({ to: row.contact_email, lang: row.lang === 'en' ? 'en' : 'it', bookingCode: row.group_code, lines }));
  }

  private async loadGroup(db: DbOrTrx, reader: Reader, code: string): Promise<GroupState> {
    const groupCode = code.trim().toUpperCase().slice(0, 6);
    if (!isGroupCode(groupCode)) throw new AppError('notFound', 'notFound');
    const group = await this.groupState(db, groupCode);
    if (!group || !group.tickets.every((t) => t.owner_user_id === reader.id || isBookingStaff(reader))) throw new AppError('notFound', 'notFound');
    return group;
  }

  /** The group's tickets in order and which are live; null when it has none. */
  private async groupState(db: DbOrTrx, groupCode: string): Promise<GroupState | null> {
    const tickets = await groupTicketRows(db, groupCode);
    if (!tickets.length) return null;
    tickets.sort(
      (a, b) =>
        a.departs_at.localeCompare(b.departs_at) ||
        a.booking_code.localeCompare(b.booking_code) ||
        a.passenger_key.localeCompare(b.passenger_key, 'en', { numeric: true }),
    );
    const marked = new Set(
      (
        await ticketMarks(
          db,
          tickets.map((t) => t.ticket_nr),
        )
      ).map((m) => m.ticket_nr),
    );
    return { groupCode, tickets, live: tickets.filter((t) => !marked.has(t.ticket_nr)) };
  }

  private async rowContext(reader: Reader, group: GroupState, beingModified: boolean, now: Date): Promise<RowContext> {
    return {
      now,
      beingModified,
      bookingTypes: await q.bookingTypes(this.deps.db, [...new Set(group.tickets.map((t) => t.booking_code))]),
      refundSettings: (t) => (isBookingStaff(reader) ? DEFAULT_REFUND_SETTINGS : effectiveRefundSettings(reader.roles, undefined, new Date(t.departs_at), now)),
    };
  }

  private wireCosts(plan: ChangePlan) {
    const c = plan.costs;
    return {
      ticket: centsToAmount(c.ticket),
      tax: centsToAmount(c.tax),
      landingFee: centsToAmount(c.landingFee),
      adminFee: centsToAmount(c.adminFee),
      adminFeeCheck: c.adminFeeCheck,
      total: centsToAmount(c.total),
      refund: centsToAmount(plan.refundCents),
      modifiedTickets: plan.moves.length + plan.cancels.length,
    };
  }

  private linkSentAnswer(email: string, lang: Lang) {
    const messages = localizedWith('changeLinkSent', { email });
    return { status: 'success' as const, message: messages[lang], messages };
  }

  private answer(key: 'changePreviewReady' | 'changeApplied' | 'changeAwaitingPayment', lang: Lang) {
    const messages = localized(key);
    return { status: 'success' as const, message: messages[lang], messages };
  }
}

function changeRow(id: number, input: RecordInput, plan: ChangePlan, at: string) {
  return {
    booking_request_id: id,
    uuid: input.uuid,
    group_code: plan.group.groupCode,
    plan_json: JSON.stringify(input.stored),
    difference_cents: plan.costs.total - plan.costs.adminFee,
    admin_fee_cents: plan.costs.adminFee,
    refund_cents: plan.refundCents,
    amount_cents: plan.costs.total,
    created_by: input.createdBy,
    applied_at: null,
    created_at: at,
  };
}
