import type { DbOrTrx } from '../../../db/database.ts';

/** SQL of payment links (type -1 and links resent by staff). */

export function requestByCode(db: DbOrTrx, code: string) {
  return db
    .selectFrom('booking_requests')
    .select(['id', 'code', 'status', 'hold_expires_at', 'amount_cents', 'payment_id', 'lang', 'departure_flight_id', 'contact_email'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function setPaymentId(db: DbOrTrx, requestId: number, paymentId: string, now: string) {
  await db.updateTable('booking_requests').set({ payment_id: paymentId, updated_at: now }).where('id', '=', requestId).execute();
}

/** The newest link of a request (its bank page is reused while that payment is still open). */
export function latestLink(db: DbOrTrx, requestId: number) {
  return db.selectFrom('payment_links').selectAll().where('booking_request_id', '=', requestId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertLink(
  db: DbOrTrx,
  row: { requestId: number; tokenHash: string; email: string; lang: string; bankUrl: string; createdBy: number; at: string },
) {
  await db
    .insertInto('payment_links')
    .values({
      booking_request_id: row.requestId,
      token_hash: row.tokenHash,
      email: row.email,
      lang: row.lang,
      bank_url: row.bankUrl,
      created_by: row.createdBy,
      created_at: row.at,
    })
    .execute();
}

/** A link by its token's hash, with the state of its booking. */
export function linkByHash(db: DbOrTrx, tokenHash: string) {
  return db
    .selectFrom('payment_links')
    .innerJoin('booking_requests', 'booking_requests.id', 'payment_links.booking_request_id')
    .select(['payment_links.bank_url', 'payment_links.lang', 'booking_requests.code', 'booking_requests.status', 'booking_requests.hold_expires_at'])
    .where('payment_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
