import type { Insertable } from 'kysely';
import { type DbOrTrx, onPostgres } from '../../../db/database.ts';
import type { SandboxBankOrdersTable, SandboxBankRefundsTable, SandboxOrderState } from '../../../db/schema-payments.ts';

export function findOrder(db: DbOrTrx, id: string) {
  return db.selectFrom('sandbox_bank_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertOrder(db: DbOrTrx, row: Insertable<SandboxBankOrdersTable>): Promise<void> {
  await db.insertInto('sandbox_bank_orders').values(row).execute();
}

/** Decides an order only if still in `from` (a second click or a second tab changes nothing). */
export async function decideOrder(
  db: DbOrTrx,
  id: string,
  from: SandboxOrderState,
  set: { state: SandboxOrderState; bank_message: string | null; error_code: string | null; notification_id: string | null; decided_at: string },
): Promise<boolean> {
  const res = await db.updateTable('sandbox_bank_orders').set(set).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The order, locked until the caller's transaction ends (PostgreSQL; SQLite's writer lock serialises already). */
export function lockOrder(db: DbOrTrx, id: string) {
  const query = db.selectFrom('sandbox_bank_orders').selectAll().where('id', '=', id);
  return (onPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function findRefundByKey(db: DbOrTrx, key: string) {
  return db.selectFrom('sandbox_bank_refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function refundedCents(db: DbOrTrx, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('sandbox_bank_refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('sum'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

export async function insertRefund(db: DbOrTrx, row: Insertable<SandboxBankRefundsTable>): Promise<void> {
  await db.insertInto('sandbox_bank_refunds').values(row).execute();
}

export function listRefunds(db: DbOrTrx, orderId: string) {
  return db.selectFrom('sandbox_bank_refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

/** Approved → refunded, once (1 = this call did it). */
export async function refundOrder(db: DbOrTrx, id: string): Promise<boolean> {
  const res = await db.updateTable('sandbox_bank_orders').set({ state: 'refunded' }).where('id', '=', id).where('state', '=', 'approved').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
