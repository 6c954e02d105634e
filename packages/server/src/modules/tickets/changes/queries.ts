import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../../db/database.ts';
import type { TicketChangesTable } from '../../../db/schema-ticket-changes.ts';

/** SQL of the marks ticket changes leave on stored tickets (moved, cancelled with refund). */

export type TicketMarkRow = Selectable<TicketChangesTable>;

export function marksOf(db: DbOrTrx, ticketNrs: readonly string[]): Promise<TicketMarkRow[]> {
  if (!ticketNrs.length) return Promise.resolve([]);
  return db.selectFrom('ticket_changes').selectAll().where('ticket_nr', 'in', ticketNrs).execute();
}

/** The primary key on ticket_nr is the last word: a ticket is moved or cancelled once. */
export async function insertMarks(db: DbOrTrx, rows: Insertable<TicketChangesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('ticket_changes').values(rows).execute();
}

export async function setLinkedTicket(db: DbOrTrx, ticketNr: string, linked: string | null): Promise<void> {
  await db.updateTable('tickets').set({ ticket_nr_inv: linked }).where('ticket_nr', '=', ticketNr).execute();
}

/**
 * Writes every ticket of a group first in a transaction: on PostgreSQL the rows stay locked
 * until commit, so two changes of one booking are recorded one after the other (SQLite's
 * transaction already holds the write lock).
 */
export async function lockGroupTickets(db: DbOrTrx, groupCode: string): Promise<void> {
  await db
    .updateTable('tickets')
    .set((eb) => ({ issued_at: eb.ref('issued_at') }))
    .where('booking_code', 'like', `${groupCode}__`)
    .execute();
}
