import type { DbOrTrx } from '../database.ts';

/** Public-site content kept in the database (helipad posts); idempotent. */
export async function seedPublicSite(_db: DbOrTrx): Promise<void> {}
