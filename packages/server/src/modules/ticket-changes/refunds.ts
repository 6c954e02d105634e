import type { DbOrTrx } from '../../db/database.ts';
import { REFUND_REASONS, type RefundReason } from '../refunds/ledger-queries.ts';
import { requestRefund, requestRefundOfPayment } from '../refunds/ledger.ts';
import type { PaymentRef } from '../refunds/sources.ts';
import type { StoredPlan } from './apply.ts';
import type { ChangeRequestRow } from './queries.ts';

/**
 * The refunds a change promises, written to the refund ledger in the transaction that applies
 * (or fails) it: nothing is applied whose refund the booking's payments cannot cover (409).
 */

/** Who asked for the refunds of an applied change, and why. */
export interface RefundCause {
  reason: RefundReason;
  requestedBy: string;
}

/** The money a change took that goes back because the change could not be applied. */
export interface UnappliedRefund {
  payment: PaymentRef;
  amountCents: number;
}

const customerOf = (row: ChangeRequestRow) => ({ lang: row.lang === 'en' ? ('en' as const) : ('it' as const), email: row.contact_email });

/** The cancelled tickets' refunds, spread over what the group paid (newest payment first). */
export async function refundCancelled(trx: DbOrTrx, row: ChangeRequestRow, plan: StoredPlan, cause: RefundCause, now: Date): Promise<void> {
  const amountCents = plan.cancels.reduce((sum, c) => sum + c.refundCents, 0);
  if (amountCents <= 0) return;
  await requestRefund(trx, { groupCode: row.group_code, amountCents, causeRef: row.code, ...cause, ...customerOf(row) }, now);
}

/** A paid change that could not be applied: its payment goes back whole. */
export async function refundUnapplied(trx: DbOrTrx, row: ChangeRequestRow, refund: UnappliedRefund, now: Date): Promise<void> {
  await requestRefundOfPayment(
    trx,
    {
      groupCode: row.group_code,
      amountCents: refund.amountCents,
      reason: REFUND_REASONS.changeNotApplied,
      causeRef: row.code,
      requestedBy: 'system',
      payment: refund.payment,
      ...customerOf(row),
    },
    now,
  );
}
