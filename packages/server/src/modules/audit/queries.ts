import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { BookingAuditTable } from '../../db/schema-audit.ts';

/** SQL of the booking audit log. */

export async function insertAudit(db: DbOrTrx, rows: Insertable<BookingAuditTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('booking_audit').values(rows).execute();
}

/** A booking's log, oldest first, with the acting user's (current) e-mail. */
export function auditOf(db: DbOrTrx, code: string) {
  return db
    .selectFrom('booking_audit')
    .leftJoin('users', 'users.id', 'booking_audit.actor_user_id')
    .select([
      'booking_audit.created_at',
      'booking_audit.action',
      'booking_audit.ticket_nr',
      'booking_audit.actor',
      'booking_audit.actor_user_id',
      'booking_audit.detail',
      'users.email as actor_email',
    ])
    .where('booking_audit.booking_code', '=', code)
    .orderBy('booking_audit.id')
    .execute();
}

/** The booking each ticket belongs to. */
export async function bookingCodesOfTickets(db: DbOrTrx, ticketNrs: string[]): Promise<Map<string, string>> {
  if (!ticketNrs.length) return new Map();
  const rows = await db.selectFrom('tickets').select(['ticket_nr', 'booking_code']).where('ticket_nr', 'in', ticketNrs).execute();
  return new Map(rows.map((r) => [r.ticket_nr, r.booking_code]));
}

export async function bookingExists(db: DbOrTrx, code: string): Promise<boolean> {
  const row = await db.selectFrom('booking_requests').select('id').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}
