import type { DbOrTrx } from '../../db/database.ts';
import type { NewContactRequest } from '../../db/schema-public-site.ts';

/** SQL of the contacts module: contact_requests and captcha_uses. */

export async function insertContactRequest(db: DbOrTrx, row: NewContactRequest): Promise<number> {
  const { id } = await db.insertInto('contact_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function setContactMail(db: DbOrTrx, id: number, mailId: number): Promise<void> {
  await db.updateTable('contact_requests').set({ mail_id: mailId }).where('id', '=', id).execute();
}

/** Records a spent challenge; false when it was already spent (the primary key holds across instances). */
export async function spendCaptcha(db: DbOrTrx, signature: string, expiresAt: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('captcha_uses')
    .values({ signature, expires_at: expiresAt, used_at: now })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Spent challenges past their expiry can no longer be replayed anyway. */
export async function pruneCaptchaUses(db: DbOrTrx, now: string): Promise<void> {
  await db.deleteFrom('captcha_uses').where('expires_at', '<', now).execute();
}
