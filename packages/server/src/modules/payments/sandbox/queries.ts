import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../../db/database.ts';
import type { SandboxBankOrdersTable, SandboxOrderState } from '../../../db/schema-payments.ts';

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

/** Approved → refunded, once (1 = this call did it). */
export async function refundOrder(db: DbOrTrx, id: string): Promise<boolean> {
  const res = await db.updateTable('sandbox_bank_orders').set({ state: 'refunded' }).where('id', '=', id).where('state', '=', 'approved').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
