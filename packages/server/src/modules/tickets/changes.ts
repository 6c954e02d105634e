import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { TicketsTable } from '../../db/schema-payments.ts';
import { AppError } from '../../http/errors.ts';
import type { TicketJourney } from './contract.ts';
import * as marks from './changes/queries.ts';
import { freshTicketNumbers } from './numbers.ts';
import * as q from './queries.ts';
import type { TicketRow } from './ticket-pdf.ts';

export type { TicketMarkRow } from './changes/queries.ts';

/**
 * Tickets' side of a change (my-tickets edit mode): replacement tickets for moved ones, and
 * the mark every moved or cancelled ticket keeps (with the refund of a cancelled one). Runs in
 * the caller's transaction; the ticket_changes primary key makes a second move or cancel of
 * the same ticket fail, so two changes can never both use one ticket.
 */
interface TicketReplacement {
  oldTicketNr: string;
  journey: Omit<TicketJourney, 'direction'>;
  price: { fareCents: number; ticketCents: number; taxCents: number; landingTaxCents: number; totalCents: number };
}

interface TicketCancellation {
  ticketNr: string;
  paidCents: number;
  refundCents: number;
  settings: { percent: number; feeCents: number; tax: boolean; landingFee: boolean };
}

export interface TicketChangeRequest {
  /** The change request's own booking code (group + new suffix): the replacement tickets' code. */
  bookingCode: string;
  changeRequestId: number;
  replacements: TicketReplacement[];
  cancellations: TicketCancellation[];
}

/** Old ticket number → its replacement. */
export type ReplacementMap = Map<string, string>;

export async function groupTicketRows(db: DbOrTrx, groupCode: string): Promise<TicketRow[]> {
  return q.listForGroup(db, groupCode);
}

/** Serialises changes of one booking group (see lockGroupTickets). */
export function lockGroup(trx: DbOrTrx, groupCode: string): Promise<void> {
  return marks.lockGroupTickets(trx, groupCode);
}

export function ticketMarks(db: DbOrTrx, ticketNrs: readonly string[]) {
  return marks.marksOf(db, ticketNrs);
}

/** Idempotent per change: a second call finds the replacements issued and returns them. */
export async function applyTicketChange(trx: DbOrTrx, request: TicketChangeRequest, now: Date): Promise<ReplacementMap> {
  const already = await q.listForBooking(trx, request.bookingCode);
  const involved = [...request.replacements.map((r) => r.oldTicketNr), ...request.cancellations.map((c) => c.ticketNr)];
  const existingMarks = await marks.marksOf(trx, involved);
  if (already.length || existingMarks.some((m) => m.change_request_id === request.changeRequestId)) {
    return new Map(existingMarks.filter((m) => m.moved_to).map((m) => [m.ticket_nr, m.moved_to!]));
  }
  if (existingMarks.length) throw new AppError('conflict', 'changeTicketNotLive');
  const olds = new Map((await q.findTickets(trx, involved)).map((t) => [t.ticket_nr, t]));
  const numbers = await freshTicketNumbers(trx, request.replacements.length);
  const map: ReplacementMap = new Map(request.replacements.map((r) => [r.oldTicketNr, numbers.pop()!]));
  const at = now.toISOString();
  const rows = request.replacements.map((r) => replacementRow(olds.get(r.oldTicketNr)!, r, map, request.bookingCode, at));
  await q.insertTickets(trx, rows);
  await marks.insertMarks(trx, [
    ...request.replacements.map((r) => markRow(request.changeRequestId, r.oldTicketNr, 'moved', map.get(r.oldTicketNr)!, olds.get(r.oldTicketNr)!.total_cents, null, at)),
    ...request.cancellations.map((c) => markRow(request.changeRequestId, c.ticketNr, 'cancelled', null, c.paidCents, c, at)),
  ]);
  await relinkPartners(trx, rows, map, olds);
  return map;
}

function replacementRow(old: TicketRow, r: TicketReplacement, map: ReplacementMap, bookingCode: string, at: string): Insertable<TicketsTable> {
  // The other direction's ticket: its replacement if it moves too, else itself.
  const partner = old.ticket_nr_inv ? (map.get(old.ticket_nr_inv) ?? old.ticket_nr_inv) : null;
  return {
    ...old,
    ticket_nr: map.get(r.oldTicketNr)!,
    booking_code: bookingCode,
    ticket_nr_inv: partner,
    flight_id: r.journey.flightId,
    flight_code: r.journey.flightCode,
    departs_at: r.journey.departsAt,
    arrives_at: r.journey.arrivesAt,
    origin_id: r.journey.originId,
    destination_id: r.journey.destinationId,
    fare_cents: r.price.fareCents,
    ticket_cents: r.price.ticketCents,
    tax_cents: r.price.taxCents,
    landing_tax_cents: r.price.landingTaxCents,
    total_cents: r.price.totalCents,
    issued_at: at,
  };
}

function markRow(
  changeRequestId: number,
  ticketNr: string,
  kind: 'moved' | 'cancelled',
  movedTo: string | null,
  paidCents: number,
  c: TicketCancellation | null,
  at: string,
) {
  return {
    ticket_nr: ticketNr,
    change_request_id: changeRequestId,
    kind,
    moved_to: movedTo,
    paid_cents: paidCents,
    refund_cents: c?.refundCents ?? 0,
    refunded_perc: c?.settings.percent ?? 0,
    refunded_fee_cents: c?.settings.feeCents ?? 0,
    refunded_tax: c?.settings.tax ? (1 as const) : (0 as const),
    refunded_landing_fee: c?.settings.landingFee ? (1 as const) : (0 as const),
    created_at: at,
  };
}

/** A ticket whose partner moved (and that stays) now points at the partner's replacement. */
async function relinkPartners(trx: DbOrTrx, rows: Insertable<TicketsTable>[], map: ReplacementMap, olds: Map<string, TicketRow>): Promise<void> {
  for (const row of rows) {
    const partner = row.ticket_nr_inv;
    if (partner && !olds.has(partner) && ![...map.values()].includes(partner)) await marks.setLinkedTicket(trx, partner, row.ticket_nr);
  }
}
