import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database.ts';
import type { RefundsTable } from '../src/db/schema-refunds.ts';

/**
 * A refund row written straight into the ledger (migration 017) for the tests of what people see
 * of it: pending on the sandbox bank unless told otherwise. The row names no real payment, so the
 * worker must not be running where it is used.
 */
export async function ledgerRow(db: Db, of: { group: string; requestId: number }, over: Partial<Insertable<RefundsTable>> = {}): Promise<string> {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await db
    .insertInto('refunds')
    .values({
      id,
      group_code: of.group,
      booking_request_id: of.requestId,
      source: 'sandbox',
      source_ref: 'order-1',
      amount_cents: 4000,
      reason: 'ticket-cancelled',
      cause_ref: null,
      requested_by: 'system',
      state: 'pending',
      idempotency_key: id,
      next_attempt_at: now,
      lang: 'it',
      email: 'cliente@example.com',
      created_at: now,
      updated_at: now,
      ...over,
    })
    .execute();
  return id;
}
