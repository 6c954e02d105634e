import { type DbOrTrx, onPostgres } from '../../db/database.ts';

/** Queries of the check-in desk (migration 014). Masses are stored as integer grams. */

/** Flights with the aircraft the desk weighs against. */
function flightsWithAircraft(db: DbOrTrx) {
  return db
    .selectFrom('flights')
    .innerJoin('aircraft', 'aircraft.id', 'flights.aircraft_id')
    .select([
      'flights.id',
      'flights.code',
      'flights.service_date',
      'flights.status',
      'aircraft.registration',
      'aircraft.model',
      'aircraft.seats',
      'aircraft.payload_kg',
      'aircraft.payload_source',
    ]);
}

/** The scheduled flights of a Rome date, with their aircraft and first / last leg. */
export async function flightsOfDate(db: DbOrTrx, date: string) {
  const flights = await flightsWithAircraft(db).where('flights.service_date', '=', date).where('flights.status', '=', 'scheduled').execute();
  return withLegs(db, flights);
}

export async function flightById(db: DbOrTrx, id: number) {
  const flight = await flightsWithAircraft(db).where('flights.id', '=', id).executeTakeFirst();
  return flight ? (await withLegs(db, [flight]))[0] : undefined;
}

async function withLegs<F extends { id: number; code: string }>(db: DbOrTrx, flights: F[]) {
  if (!flights.length) return [];
  const ids = flights.map((f) => f.id);
  const legs = await db
    .selectFrom('flight_legs')
    .select(['flight_id', 'seq', 'origin_id', 'destination_id', 'departs_at'])
    .where('flight_id', 'in', ids)
    .orderBy('seq')
    .execute();
  return flights
    .map((f) => {
      const own = legs.filter((l) => l.flight_id === f.id);
      const first = own[0];
      const last = own.at(-1);
      return first && last ? { ...f, departs_at: first.departs_at, origin_id: first.origin_id, destination_id: last.destination_id } : null;
    })
    .filter((f) => f !== null)
    .sort((a, b) => a.departs_at.localeCompare(b.departs_at) || a.code.localeCompare(b.code));
}

/** Every ticket issued on a flight, with its change mark, desk row and the booking's forms. */
export function ticketsOfFlight(db: DbOrTrx, flightId: number) {
  return db
    .selectFrom('tickets')
    .leftJoin('ticket_changes', 'ticket_changes.ticket_nr', 'tickets.ticket_nr')
    .leftJoin('check_ins', 'check_ins.ticket_nr', 'tickets.ticket_nr')
    .leftJoin('users', 'users.id', 'check_ins.checked_in_by')
    .leftJoin('booking_requests', 'booking_requests.code', 'tickets.booking_code')
    .selectAll('tickets')
    .select([
      'ticket_changes.kind as change_kind',
      'check_ins.checked_in_at',
      'check_ins.override_reason',
      'check_ins.passenger_grams',
      'check_ins.bags_grams',
      'users.email as checked_in_by_email',
      'booking_requests.forms_json',
    ])
    .where('tickets.flight_id', '=', flightId)
    .execute();
}

export function ticketWithState(db: DbOrTrx, ticketNr: string) {
  return db
    .selectFrom('tickets')
    .leftJoin('ticket_changes', 'ticket_changes.ticket_nr', 'tickets.ticket_nr')
    .leftJoin('check_ins', 'check_ins.ticket_nr', 'tickets.ticket_nr')
    .select([
      'tickets.ticket_nr',
      'tickets.booking_code',
      'tickets.flight_id',
      'tickets.flight_code',
      'tickets.origin_id',
      'tickets.departs_at',
      'ticket_changes.kind as change_kind',
      'check_ins.checked_in_at',
    ])
    .where('tickets.ticket_nr', '=', ticketNr)
    .executeTakeFirst();
}

/** The desk's row of a ticket, created empty when missing (a second desk's insert is a no-op). */
async function ensureRow(db: DbOrTrx, ticketNr: string, flightId: number): Promise<void> {
  await db
    .insertInto('check_ins')
    .values({
      ticket_nr: ticketNr,
      flight_id: flightId,
      checked_in_at: null,
      checked_in_by: null,
      override_reason: null,
      passenger_grams: null,
      bags_grams: null,
      weighed_at: null,
      weighed_by: null,
    })
    .onConflict((oc) => oc.column('ticket_nr').doNothing())
    .execute();
}

/** Checks a ticket in unless it already is: true when this call did it (once, whichever desk is first). */
export async function markCheckedIn(db: DbOrTrx, row: { ticketNr: string; flightId: number; at: string; by: number; overrideReason: string | null }): Promise<boolean> {
  await ensureRow(db, row.ticketNr, row.flightId);
  const done = await db
    .updateTable('check_ins')
    .set({ checked_in_at: row.at, checked_in_by: row.by, override_reason: row.overrideReason })
    .where('ticket_nr', '=', row.ticketNr)
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function saveWeights(
  db: DbOrTrx,
  row: { ticketNr: string; flightId: number; passengerGrams: number; bagsGrams: number[]; at: string; by: number },
): Promise<void> {
  await ensureRow(db, row.ticketNr, row.flightId);
  await db
    .updateTable('check_ins')
    .set({ passenger_grams: row.passengerGrams, bags_grams: JSON.stringify(row.bagsGrams), weighed_at: row.at, weighed_by: row.by })
    .where('ticket_nr', '=', row.ticketNr)
    .execute();
}

/**
 * Inside a transaction: a flight's check-ins, weighings and closing run one after another, so a
 * closing counts every check-in before it and none comes after it. PostgreSQL locks the flight's
 * row until the transaction ends; on SQLite, BEGIN IMMEDIATE already lets one writer in at a time.
 */
export async function lockFlight(trx: DbOrTrx, flightId: number): Promise<void> {
  if (onPostgres(trx)) await trx.selectFrom('flights').select('id').where('id', '=', flightId).forUpdate().execute();
}

export function closureOf(db: DbOrTrx, flightId: number) {
  return db
    .selectFrom('flight_closures')
    .leftJoin('users', 'users.id', 'flight_closures.closed_by')
    .select(['flight_closures.closed_at', 'flight_closures.total_grams', 'flight_closures.payload_kg', 'flight_closures.over_reason', 'users.email as closed_by_email'])
    .where('flight_closures.flight_id', '=', flightId)
    .executeTakeFirst();
}

export async function closedFlightIds(db: DbOrTrx, flightIds: number[]): Promise<Set<number>> {
  if (!flightIds.length) return new Set();
  const rows = await db.selectFrom('flight_closures').select('flight_id').where('flight_id', 'in', flightIds).execute();
  return new Set(rows.map((r) => r.flight_id));
}

/** Closes a flight once: true when this call did it. */
export async function insertClosure(
  db: DbOrTrx,
  row: { flightId: number; at: string; by: number; totalGrams: number; payloadKg: number; reason: string | null },
): Promise<boolean> {
  const res = await db
    .insertInto('flight_closures')
    .values({ flight_id: row.flightId, closed_at: row.at, closed_by: row.by, total_grams: row.totalGrams, payload_kg: row.payloadKg, over_reason: row.reason })
    .onConflict((oc) => oc.column('flight_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** When the passenger's leg takes off: the flight's leg from the ticket's origin (the first leg when none matches). */
export async function boardingDeparture(db: DbOrTrx, flightId: number, originId: number): Promise<string | undefined> {
  const legs = await db.selectFrom('flight_legs').select(['origin_id', 'departs_at']).where('flight_id', '=', flightId).orderBy('seq').execute();
  return (legs.find((l) => l.origin_id === originId) ?? legs[0])?.departs_at;
}
