import { type ExpressionBuilder, sql, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import type { TicketsTable } from '../../../db/schema-payments.ts';

/** SQL of the my-tickets list, the passenger edit and the e-mail modal (tickets and what the booking recorded beside them). */

export interface TicketFilter {
  /** null = every owner (booking staff). */
  ownerId: number | null;
  /** Take-off instants [from, to) of one Rome day. */
  departsFrom?: string;
  departsTo?: string;
  /** Upper-case code prefix (letters and digits only). */
  bookingCodePrefix?: string;
  /** Digits prefix. */
  ticketNrPrefix?: string;
  /** Lower-case name prefixes. */
  lastnamePrefix?: string;
  firstnamePrefix?: string;
  includeCancelled: boolean;
}

/** A LIKE prefix pattern with its wildcards escaped (escape character \). */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(f: TicketFilter) {
  return (eb: ExpressionBuilder<Database, 'tickets'>) => {
    const parts = [];
    if (f.ownerId !== null) parts.push(eb('owner_user_id', '=', f.ownerId));
    if (f.departsFrom && f.departsTo) parts.push(eb('departs_at', '>=', f.departsFrom), eb('departs_at', '<', f.departsTo));
    if (f.bookingCodePrefix) parts.push(eb('booking_code', 'like', likePrefix(f.bookingCodePrefix)));
    if (f.ticketNrPrefix) parts.push(eb('ticket_nr', 'like', likePrefix(f.ticketNrPrefix)));
    if (f.lastnamePrefix) parts.push(sql<boolean>`lower(lastname) like ${likePrefix(f.lastnamePrefix)} escape '\\'`);
    if (f.firstnamePrefix) parts.push(sql<boolean>`lower(firstname) like ${likePrefix(f.firstnamePrefix)} escape '\\'`);
    // Live = neither cancelled nor moved onto another ticket by a change (ticket_changes).
    if (!f.includeCancelled)
      parts.push(eb.not(eb.exists(eb.selectFrom('ticket_changes').select('ticket_changes.ticket_nr').whereRef('ticket_changes.ticket_nr', '=', 'tickets.ticket_nr'))));
    return eb.and(parts);
  };
}

export async function countTickets(db: DbOrTrx, f: TicketFilter): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(matching(f))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page in a stable order: take-off, booking, passenger (1, 2 … 10), ticket. */
export function pageOfTickets(db: DbOrTrx, f: TicketFilter, offset: number, limit: number) {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where(matching(f))
    .orderBy('departs_at')
    .orderBy('booking_code')
    .orderBy(sql`length(passenger_key)`)
    .orderBy('passenger_key')
    .orderBy('ticket_nr')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** How the bookings were paid (booking_requests.type by code). */
export function bookingTypes(db: DbOrTrx, codes: string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db.selectFrom('booking_requests').select(['code', 'type']).where('code', 'in', codes).execute();
}

/** Booking requests of these groups still waiting for a payment (a purchase or a change). */
export function pendingRequests(db: DbOrTrx, groupCodes: string[]) {
  if (!groupCodes.length) return Promise.resolve([]);
  return db.selectFrom('booking_requests').select(['group_code', 'code']).where('group_code', 'in', groupCodes).where('status', '=', 'pending').execute();
}

/** What the booking recorded about its passengers (gender, document, contacts, discount), by booking code and position. */
export function bookingPassengers(db: DbOrTrx, codes: string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .selectFrom('booking_passengers as p')
    .innerJoin('booking_requests as r', 'r.id', 'p.booking_request_id')
    .select(['r.code', 'p.position', 'p.gender', 'p.document_type', 'p.document_num', 'p.email', 'p.telephone', 'p.residence', 'p.dsc'])
    .where('r.code', 'in', codes)
    .execute();
}

/** The marks changes left on these tickets (moved or cancelled), by ticket number. */
export async function ticketMarks(db: DbOrTrx, ticketNrs: string[]): Promise<Map<string, string>> {
  if (!ticketNrs.length) return new Map();
  const rows = await db.selectFrom('ticket_changes').select(['ticket_nr', 'kind']).where('ticket_nr', 'in', ticketNrs).execute();
  return new Map(rows.map((r) => [r.ticket_nr, r.kind]));
}

export async function documentTypeExists(db: DbOrTrx, id: number): Promise<boolean> {
  return !!(await db.selectFrom('document_types').select('id').where('id', '=', id).executeTakeFirst());
}

export type TicketPassengerUpdate = Pick<
  Updateable<TicketsTable>,
  'lastname' | 'firstname' | 'birth_date' | 'doc_type' | 'doc_num' | 'doc_expdate' | 'address' | 'email' | 'tel'
>;

export async function updateTicketPassenger(db: DbOrTrx, ticketNrs: string[], values: TicketPassengerUpdate): Promise<void> {
  if (ticketNrs.length) await db.updateTable('tickets').set(values).where('ticket_nr', 'in', ticketNrs).execute();
}

export async function setEmailPdfForms(db: DbOrTrx, ticketNrs: string[], formsJson: string): Promise<void> {
  if (ticketNrs.length) await db.updateTable('tickets').set({ email_pdf_forms: formsJson }).where('ticket_nr', 'in', ticketNrs).execute();
}

export async function insertTicketEvents(
  db: DbOrTrx,
  events: { ticket_nr: string; kind: string; actor_user_id: number | null; old_values: string | null; new_values: string | null; created_at: string }[],
): Promise<void> {
  if (events.length) await db.insertInto('ticket_events').values(events).execute();
}
