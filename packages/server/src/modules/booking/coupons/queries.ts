import type { DbOrTrx } from '../../../db/database.ts';

/** SQL of coupons and of the failed attempts that limit guessing them. */

export function findCoupon(db: DbOrTrx, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function upsertCoupon(db: DbOrTrx, row: { code: string; perc: number; valid_from: string | null; valid_to: string | null; created_at: string }) {
  await db
    .insertInto('coupons')
    .values({ ...row, active: 1 })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function countCouponFailures(db: DbOrTrx, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('coupon_failures')
    .select(db.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCouponFailure(db: DbOrTrx, userId: number, at: string) {
  await db.insertInto('coupon_failures').values({ user_id: userId, created_at: at }).execute();
}

/** A voucher (migrations 015, 018): a fixed amount, its whole value as its balance, between two Rome dates. */
export async function insertVoucher(db: DbOrTrx, row: { code: string; amount_cents: number; valid_from: string; valid_to: string; created_at: string }) {
  await db
    .insertInto('coupons')
    .values({ ...row, perc: 0, active: 1, single_use: 1, used_by: null, balance_cents: row.amount_cents })
    .execute();
}

/**
 * Spends `cents` of a voucher for a booking request, in the booking's transaction: one
 * conditional UPDATE, so of concurrent bookings only those the balance still covers get it.
 */
export async function spendVoucher(trx: DbOrTrx, code: string, cents: number, requestId: number, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('coupons')
    .set((eb) => ({ balance_cents: eb('balance_cents', '-', cents) }))
    .where('code', '=', code)
    .where('balance_cents', '>=', cents)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await trx.insertInto('voucher_movements').values({ code, booking_request_id: requestId, amount_cents: -cents, reason: 'booking', created_at: at }).execute();
  return true;
}

/** A request's voucher: its code, what the booking first spent and what it holds now (movements summed, ≤ 0). */
export async function voucherOfRequest(trx: DbOrTrx, requestId: number): Promise<{ code: string; spentAtBooking: number; held: number } | null> {
  const rows = await trx.selectFrom('voucher_movements').select(['code', 'amount_cents', 'reason']).where('booking_request_id', '=', requestId).orderBy('id').execute();
  const first = rows.find((r) => r.reason === 'booking');
  if (!first) return null;
  return { code: first.code, spentAtBooking: -first.amount_cents, held: -rows.reduce((a, r) => a + r.amount_cents, 0) };
}

/** Puts `cents` back on a voucher with a movement saying why (a failed or expired booking). */
export async function creditVoucher(trx: DbOrTrx, code: string, cents: number, requestId: number, reason: string, at: string): Promise<void> {
  await trx
    .updateTable('coupons')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', cents) }))
    .where('code', '=', code)
    .execute();
  await trx.insertInto('voucher_movements').values({ code, booking_request_id: requestId, amount_cents: cents, reason, created_at: at }).execute();
}
