import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { PaymentNotificationsTable, PaymentStatus, PaymentsTable } from '../../db/schema-payments.ts';

export type PaymentRow = Selectable<PaymentsTable>;

export async function insertPayment(db: DbOrTrx, row: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export function findPayment(db: DbOrTrx, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A payment by the gateway's own order id (Nexi's codTrans). */
export function findPaymentByOrder(db: DbOrTrx, gateway: string, orderId: string) {
  return db.selectFrom('payments').selectAll().where('gateway', '=', gateway).where('gateway_order_id', '=', orderId).executeTakeFirst();
}

export function listPaymentsForReference(db: DbOrTrx, reference: string) {
  return db.selectFrom('payments').selectAll().where('reference', '=', reference).orderBy('created_at').execute();
}

/** Moves a payment on only from the state the caller saw; returns false when someone else did first. */
export async function transition(
  db: DbOrTrx,
  id: string,
  from: PaymentStatus,
  set: Partial<Pick<PaymentRow, 'status' | 'bank_message' | 'error_code' | 'completed_at' | 'refunded_at' | 'refund_reason'>> & { updated_at: string },
): Promise<boolean> {
  const res = await db.updateTable('payments').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertEvent(db: DbOrTrx, paymentId: string, kind: string, detail: string | null, at: string): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({ payment_id: paymentId, kind, detail: detail?.slice(0, 255) ?? null, created_at: at })
    .execute();
}

export function listEvents(db: DbOrTrx, paymentId: string) {
  return db.selectFrom('payment_events').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
}

export function findNotification(db: DbOrTrx, id: string) {
  return db.selectFrom('payment_notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotification(db: DbOrTrx, row: Insertable<PaymentNotificationsTable>): Promise<void> {
  await db.insertInto('payment_notifications').values(row).execute();
}

/** Pending payments created at or before `before` (candidates for "abandoned"; the same millisecond counts). */
export function listPendingBefore(db: DbOrTrx, gateway: string, before: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('gateway', '=', gateway)
    .where('status', '=', 'pending')
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .limit(200)
    .execute();
}
