import { upsertCoupon } from '../modules/booking/coupons/queries.ts';
import type { DbOrTrx } from '../db/database.ts';

/** Demo coupons (percentage off the tickets, spec §4); production creates its own. */
const DEMO_COUPONS = [
  { code: 'HELI10', perc: 10 },
  { code: 'TREMITI20', perc: 20 },
] as const;

/** Booking reference data (demo coupons when demo is set); idempotent. */
export async function seedBooking(db: DbOrTrx, options: { demo: boolean; now: Date }): Promise<void> {
  if (!options.demo) return;
  for (const c of DEMO_COUPONS) {
    await upsertCoupon(db, { code: c.code, perc: c.perc, valid_from: null, valid_to: null, created_at: options.now.toISOString() });
  }
}
