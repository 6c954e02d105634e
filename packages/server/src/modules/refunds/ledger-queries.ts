import { type Insertable, type Selectable, sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { RefundSource, RefundsTable, RefundState } from '../../db/schema-refunds.ts';

/** SQL of the refund ledger (migration 017). The worker, the endpoints and the screens read rows through these. */

export type RefundRow = Selectable<RefundsTable>;
export type { RefundSource, RefundState };

/** Why a refund was written (refunds.reason). */
export const REFUND_REASONS = {
  /** A customer (or booking staff) cancelled tickets in my tickets. */
  ticketCancelled: 'ticket-cancelled',
  /** The passenger chose a refund after a weather cancellation. */
  flightCancelled: 'flight-cancelled',
  /** The bank approved a payment for a booking that could no longer be ticketed. */
  bookingFailed: 'booking-failed',
  /** A change was paid for but could not be applied. */
  changeNotApplied: 'change-not-applied',
} as const;
export type RefundReason = (typeof REFUND_REASONS)[keyof typeof REFUND_REASONS];

export async function insertRefund(db: DbOrTrx, row: Insertable<RefundsTable>): Promise<void> {
  await db.insertInto('refunds').values(row).execute();
}

/** Every refund of a booking group, oldest first (my tickets, staff). */
export function refundsOfGroup(db: DbOrTrx, groupCode: string): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('group_code', '=', groupCode).orderBy('created_at').orderBy('id').execute();
}

/** The refunds a change, a notice or a failed booking caused. */
export function refundsOfCause(db: DbOrTrx, causeRef: string): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('cause_ref', '=', causeRef).orderBy('created_at').orderBy('id').execute();
}

/** What is already refunded (in any state) of each payment of these requests, by `source:source_ref:request`. */
export async function refundedByPayment(db: DbOrTrx, requestIds: readonly number[]): Promise<Map<string, number>> {
  if (!requestIds.length) return new Map();
  const rows = await db
    .selectFrom('refunds')
    .select(['source', 'source_ref', 'booking_request_id', sql<number>`sum(amount_cents)`.as('cents')])
    .where('booking_request_id', 'in', [...new Set(requestIds)])
    .groupBy(['source', 'source_ref', 'booking_request_id'])
    .execute();
  return new Map(rows.map((r) => [paymentKey(r.source, r.source_ref, r.booking_request_id), Number(r.cents)]));
}

export const paymentKey = (source: string, sourceRef: string, requestId: number) => `${source}:${sourceRef}:${requestId}`;

/** A refund to a voucher: the value goes back on it at once (a positive movement and the balance). */
export async function restoreVoucher(db: DbOrTrx, code: string, requestId: number, cents: number, at: string): Promise<void> {
  await db.insertInto('voucher_movements').values({ code, booking_request_id: requestId, amount_cents: cents, reason: 'refund', created_at: at }).execute();
  await db
    .updateTable('coupons')
    .set({ balance_cents: sql<number>`coalesce(balance_cents, 0) + ${cents}` })
    .where('code', '=', code)
    .execute();
}
