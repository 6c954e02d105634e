import type { DbOrTrx } from '../../../db/database.ts';
import type { TicketRow } from '../ticket-pdf.ts';
import * as q from './queries.ts';
import { passengerData } from './rows.ts';

/**
 * Tickets as printed: until a passenger's data is edited in my-tickets, the document and
 * contacts the booking recorded stand in for the ticket's own (empty) columns.
 */
export async function withBookedPassengerData(db: DbOrTrx, rows: TicketRow[]): Promise<TicketRow[]> {
  if (rows.every((r) => r.doc_num)) return rows;
  const booked = await q.bookingPassengers(db, [...new Set(rows.map((r) => r.booking_code))]);
  return rows.map((row) => {
    const pax = booked.find((p) => p.code === row.booking_code && String(p.position) === row.passenger_key);
    if (!pax || row.doc_num) return row;
    const data = passengerData(row, pax);
    return { ...row, doc_type: data.doc_type, doc_num: data.doc_num };
  });
}
