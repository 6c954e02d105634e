import type { DbOrTrx } from '../../db/database.ts';

/** SQL of password-reset tokens (stored as their SHA-256; single use). */

export async function insertPasswordReset(db: DbOrTrx, row: { user_id: number; token_hash: string; created_at: string; expires_at: string }) {
  await db
    .insertInto('password_resets')
    .values({ ...row, used_at: null })
    .execute();
}

/** A new request invalidates every older link not used yet. */
export async function deleteUnusedPasswordResets(db: DbOrTrx, userId: number) {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export function findPasswordReset(db: DbOrTrx, tokenHash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Claims the token; false when another request used it first (so it works exactly once). */
export async function markPasswordResetUsed(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('password_resets').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
