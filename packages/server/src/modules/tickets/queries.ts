import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { TicketsTable } from '../../db/schema-payments.ts';

export function listForBooking(db: DbOrTrx, bookingCode: string) {
  return db.selectFrom('tickets').selectAll().where('booking_code', '=', bookingCode).execute();
}

export function listForGroup(db: DbOrTrx, groupCode: string) {
  return db.selectFrom('tickets').selectAll().where('booking_code', 'like', `${groupCode}__`).execute();
}

export function findTicket(db: DbOrTrx, ticketNr: string) {
  return db.selectFrom('tickets').selectAll().where('ticket_nr', '=', ticketNr).executeTakeFirst();
}

export function findTickets(db: DbOrTrx, ticketNrs: string[]) {
  if (!ticketNrs.length) return Promise.resolve([]);
  return db.selectFrom('tickets').selectAll().where('ticket_nr', 'in', ticketNrs).execute();
}

/** Which of these numbers are already taken. */
export async function takenNumbers(db: DbOrTrx, candidates: string[]): Promise<Set<string>> {
  if (!candidates.length) return new Set();
  const rows = await db.selectFrom('tickets').select('ticket_nr').where('ticket_nr', 'in', candidates).execute();
  return new Set(rows.map((r) => r.ticket_nr));
}

export async function insertTickets(db: DbOrTrx, rows: Insertable<TicketsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('tickets').values(rows).execute();
}

/** Remembers the address a passenger's tickets were last sent to. */
export async function setTicketEmail(db: DbOrTrx, ticketNrs: string[], email: string): Promise<void> {
  if (ticketNrs.length) await db.updateTable('tickets').set({ email }).where('ticket_nr', 'in', ticketNrs).execute();
}
