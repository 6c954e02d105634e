import { randomUUID } from 'node:crypto';
import { allocateRefund, type Lang } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { insertRefund, paymentKey, type RefundReason, refundedByPayment, type RefundRow, restoreVoucher } from './ledger-queries.ts';
import { type Captured, capturedOfGroup, capturedPayment, type PaymentRef } from './sources.ts';
import { wakeAfterCommit } from './worker.ts';

/**
 * The refund ledger (issue 51 item 3, decision 055): every refund the product promises is
 * written here, in the transaction of the change that causes it, as rows the worker later sends
 * through the gateway that took the money (or staff pay out, for cash and operator-account
 * payments). A refund is spread over the group's payments newest first, and never takes more
 * from a payment than it captured minus its refunds so far (every state counts): what cannot be
 * covered is refused with a 409 and nothing is written. Refunds to a voucher put the value back
 * on it at once and are confirmed.
 */
export interface RefundAsk {
  groupCode: string;
  amountCents: number;
  reason: RefundReason;
  /** The change request, notice or booking that caused it. */
  causeRef: string | null;
  /** 'user:<id>' | 'system' | 'passenger-link' (as booking_events.actor). */
  requestedBy: string;
  /** The customer's language and address, for the "refund sent" e-mail. */
  lang: Lang;
  email: string;
}

/** Refunds `amountCents` of the group's captured money, newest payment first; the rows written. */
export async function requestRefund(trx: DbOrTrx, ask: RefundAsk, now = new Date()): Promise<RefundRow[]> {
  return write(trx, ask, await capturedOfGroup(trx, ask.groupCode), now);
}

/** Refunds `amountCents` of one payment of the group (a failed booking's, a change that was paid but not applied). */
export async function requestRefundOfPayment(trx: DbOrTrx, ask: RefundAsk & { payment: PaymentRef }, now = new Date()): Promise<RefundRow[]> {
  const payment = await capturedPayment(trx, ask.groupCode, ask.payment);
  return write(trx, ask, payment ? [payment] : [], now);
}

async function write(trx: DbOrTrx, ask: RefundAsk, payments: Captured[], now: Date): Promise<RefundRow[]> {
  const refunded = await refundedByPayment(
    trx,
    payments.map((p) => p.bookingRequestId),
  );
  const left = payments.map((p) => ({ leftCents: p.capturedCents - (refunded.get(paymentKey(p.source, p.sourceRef, p.bookingRequestId)) ?? 0) }));
  const shares = allocateRefund(ask.amountCents, left);
  if (!shares) {
    throw new AppError('conflict', 'refundExceedsCaptured').logged('error', 'refund not covered by the captured money', {
      groupCode: ask.groupCode,
      amountCents: ask.amountCents,
      leftCents: left.map((l) => l.leftCents),
    });
  }
  const at = now.toISOString();
  const rows: RefundRow[] = [];
  for (const [i, p] of payments.entries()) {
    const cents = shares[i]!;
    if (cents === 0) continue;
    const voucher = p.source === 'voucher';
    const row: RefundRow = {
      id: randomUUID(),
      group_code: ask.groupCode,
      booking_request_id: p.bookingRequestId,
      source: p.source,
      source_ref: p.sourceRef,
      amount_cents: cents,
      reason: ask.reason,
      cause_ref: ask.causeRef,
      requested_by: ask.requestedBy,
      // Cash and operator-account refunds wait pending too, for staff to record the payout.
      state: voucher ? 'confirmed' : 'pending',
      idempotency_key: randomUUID(),
      attempts: 0,
      next_attempt_at: at,
      lease_until: null,
      gateway_refund_id: null,
      failure_code: null,
      failure_reason: null,
      paid_out_by: null,
      paid_out_how: null,
      lang: ask.lang,
      email: ask.email,
      created_at: at,
      updated_at: at,
      sent_at: null,
      confirmed_at: voucher ? at : null,
    };
    await insertRefund(trx, row);
    if (voucher) await restoreVoucher(trx, p.sourceRef, p.bookingRequestId, cents, at);
    rows.push(row);
  }
  // The worker sends them once this transaction commits, not only at the next sweep.
  if (rows.some((r) => r.state === 'pending')) wakeAfterCommit(trx);
  return rows;
}
