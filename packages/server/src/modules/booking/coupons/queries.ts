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
