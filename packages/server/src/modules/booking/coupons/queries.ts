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

/** A voucher (migration 015): a fixed amount, usable once, between two Rome dates. */
export async function insertVoucher(db: DbOrTrx, row: { code: string; amount_cents: number; valid_from: string; valid_to: string; created_at: string }) {
  await db
    .insertInto('coupons')
    .values({ ...row, perc: 0, active: 1, single_use: 1, used_by: null })
    .execute();
}

/** Statuses of a request whose voucher is free again. */
const VOUCHER_FREED_BY = ['failed', 'expired', 'deleted', 'refunded'];

export async function usedByFailedRequest(db: DbOrTrx, requestCode: string): Promise<boolean> {
  const row = await db.selectFrom('booking_requests').select('status').where('code', '=', requestCode).executeTakeFirst();
  return !row || VOUCHER_FREED_BY.includes(row.status);
}

/** Marks a voucher used by a request: free, or held by a request that failed; false when taken. */
export async function takeVoucher(db: DbOrTrx, code: string, requestCode: string): Promise<boolean> {
  const r = await db
    .updateTable('coupons')
    .set({ used_by: requestCode })
    .where('code', '=', code)
    .where('amount_cents', 'is not', null)
    .where((eb) => eb.or([eb('used_by', 'is', null), eb('used_by', 'in', eb.selectFrom('booking_requests').select('code').where('status', 'in', VOUCHER_FREED_BY))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
