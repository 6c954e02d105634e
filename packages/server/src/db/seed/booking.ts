import type { DbOrTrx } from '../database.ts';

/** Booking reference data (demo coupons when demo is set); idempotent. */
export async function seedBooking(_db: DbOrTrx, _options: { demo: boolean; now: Date }): Promise<void> {}
