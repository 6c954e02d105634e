import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { FlightLegsTable, FlightsTable } from '../../db/schema.ts';

/** SQL of the schedule: flights, their legs and the aircraft that fly them. Only this module reads them. */

// ---- public timetable ---------------------------------------------------------------------

/**
 * Legs of the public timetable. Only what the public may see: scheduled (not cancelled)
 * flights of the regular timetable; extra flights (is_extra = 1) are staff-only charters and
 * are not published.
 */
export interface PublicLegRow {
  flight_id: number;
  code: string;
  service_date: string;
  seq: number;
  origin_id: number;
  destination_id: number;
  departs_at: string;
  arrives_at: string;
  /** The flight's status, or 'cancelled' when only this leg is (issue 13: shown cancelled, not hidden). */
  status: string;
  leg_status: string;
}

function publicLegs(db: DbOrTrx) {
  return db
    .selectFrom('flights')
    .innerJoin('flight_legs', 'flight_legs.flight_id', 'flights.id')
    .select([
      'flights.id as flight_id',
      'flights.code',
      'flights.service_date',
      'flight_legs.seq',
      'flight_legs.origin_id',
      'flight_legs.destination_id',
      'flight_legs.departs_at',
      'flight_legs.arrives_at',
      'flights.status',
      'flight_legs.status as leg_status',
    ])
    .where('flights.status', 'in', ['scheduled', 'cancelled'])
    .where('flights.is_extra', '=', 0);
}

/** Legs of the public flights on Rome calendar dates from..to (both included), in flying order. */
export function legsBetweenDates(db: DbOrTrx, from: string, to: string): Promise<PublicLegRow[]> {
  return publicLegs(db)
    .where('flights.service_date', '>=', from)
    .where('flights.service_date', '<=', to)
    .orderBy('flights.service_date')
    .orderBy('flights.id')
    .orderBy('flight_legs.seq')
    .execute()
    .then(sortByTakeoff);
}

/**
 * The first public flight taking off at or after `fromIso`, with all its legs, in one
 * statement (the departure board; flight_legs_departs_idx finds the first take-off).
 */
export function nextFlightLegs(db: DbOrTrx, fromIso: string): Promise<PublicLegRow[]> {
  const first = db
    .selectFrom('flights as nf')
    .innerJoin('flight_legs as nl', 'nl.flight_id', 'nf.id')
    .select('nf.id')
    .where('nf.status', 'in', ['scheduled', 'cancelled'])
    .where('nf.is_extra', '=', 0)
    .where('nl.seq', '=', 1)
    .where('nl.departs_at', '>=', fromIso)
    .orderBy('nl.departs_at')
    .orderBy('nf.code')
    .limit(1);
  return publicLegs(db).where('flights.id', '=', first).orderBy('flight_legs.seq').execute();
}

/** Flights in order of their first takeoff (ISO instants sort as text), legs in sequence. */
function sortByTakeoff(rows: PublicLegRow[]): PublicLegRow[] {
  const takeoff = new Map<number, string>();
  for (const r of rows) if (r.seq === 1) takeoff.set(r.flight_id, r.departs_at);
  const key = (r: PublicLegRow) => takeoff.get(r.flight_id) ?? r.departs_at;
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)) || a.code.localeCompare(b.code) || a.seq - b.seq);
}

// ---- legs with their flight and aircraft (booking) ------------------------------------------------------------------------------

export interface FlightLegRow {
  flightId: number;
  code: string;
  serviceDate: string;
  isExtra: number;
  status: string;
  /** The leg's own status (migration 015): one leg of a rotation may be cancelled. */
  legStatus: string;
  aircraftModel: string;
  registration: string;
  /** The aircraft's seats: the capacity of each leg's inventory. */
  aircraftSeats: number;
  legId: number;
  seq: number;
  originId: number;
  destinationId: number;
  departsAt: string;
  arrivesAt: string;
}

const flightLegs = (db: DbOrTrx) =>
  db
    .selectFrom('flights as f')
    .innerJoin('flight_legs as l', 'l.flight_id', 'f.id')
    .innerJoin('aircraft as a', 'a.id', 'f.aircraft_id')
    .select([
      'f.id as flightId',
      'f.code',
      'f.service_date as serviceDate',
      'f.is_extra as isExtra',
      'f.status',
      'l.status as legStatus',
      'a.model as aircraftModel',
      'a.registration',
      'a.seats as aircraftSeats',
      'l.id as legId',
      'l.seq',
      'l.origin_id as originId',
      'l.destination_id as destinationId',
      'l.departs_at as departsAt',
      'l.arrives_at as arrivesAt',
    ])
    .orderBy('l.departs_at')
    .orderBy('f.id')
    .orderBy('l.seq');

/** Every leg of the scheduled flights of a Rome calendar date. */
export function legsOnDate(db: DbOrTrx, serviceDate: string): Promise<FlightLegRow[]> {
  return flightLegs(db).where('f.service_date', '=', serviceDate).where('f.status', '=', 'scheduled').execute();
}

/** Every leg of every flight of a Rome calendar date, any status. */
export function allLegsOnDate(db: DbOrTrx, serviceDate: string): Promise<FlightLegRow[]> {
  return flightLegs(db).where('f.service_date', '=', serviceDate).execute();
}

/** Every leg of some flights (any status: the caller decides). */
export function legsOfFlights(db: DbOrTrx, flightIds: readonly number[]): Promise<FlightLegRow[]> {
  if (flightIds.length === 0) return Promise.resolve([]);
  return flightLegs(db).where('f.id', 'in', flightIds).execute();
}

/** Seats of each leg's aircraft (the inventory's capacity). */
export function legCapacities(db: DbOrTrx, legIds: readonly number[]): Promise<{ legId: number; seats: number }[]> {
  if (legIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('flight_legs as l')
    .innerJoin('flights as f', 'f.id', 'l.flight_id')
    .innerJoin('aircraft as a', 'a.id', 'f.aircraft_id')
    .select(['l.id as legId', 'a.seats'])
    .where('l.id', 'in', legIds)
    .execute();
}

// ---- writing the timetable (seed) ---------------------------------------------------------

/** Dates from..to that already have pattern-generated (not extra) flights. */
export async function patternDates(db: DbOrTrx, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('flights')
    .select('service_date')
    .distinct()
    .where('service_date', '>=', from)
    .where('service_date', '<=', to)
    .where('is_extra', '=', 0)
    .where('pattern', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.service_date));
}

export async function flightCodeExists(db: DbOrTrx, code: string): Promise<boolean> {
  return (await db.selectFrom('flights').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** Aircraft ids by registration. */
export async function aircraftIds(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db.selectFrom('aircraft').select(['id', 'registration']).execute();
  return new Map(rows.map((a) => [a.registration, a.id]));
}

/** Adds aircraft that are missing (by registration); existing seat counts are never changed. */
export async function insertMissingAircraft(db: DbOrTrx, rows: { registration: string; model: string; seats: number }[]): Promise<void> {
  if (rows.length)
    await db
      .insertInto('aircraft')
      .values(rows)
      .onConflict((oc) => oc.column('registration').doNothing())
      .execute();
}

/** The aircraft's maximum payload and its source (decision 025). */
export async function updateAircraftPayload(db: DbOrTrx, registration: string, payloadKg: number, payloadSource: string): Promise<void> {
  await db.updateTable('aircraft').set({ payload_kg: payloadKg, payload_source: payloadSource }).where('registration', '=', registration).execute();
}

/** Inserts flights, skipping (code, service_date) pairs that exist; returns those really inserted. */
export function insertFlightsIfMissing(db: DbOrTrx, rows: Insertable<FlightsTable>[]) {
  return db
    .insertInto('flights')
    .values(rows)
    .onConflict((oc) => oc.columns(['code', 'service_date']).doNothing())
    .returning(['id', 'code', 'service_date'])
    .execute();
}

export async function insertLegs(db: DbOrTrx, rows: Insertable<FlightLegsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('flight_legs').values(rows).execute();
}

/** Take-off and landing of each leg of a flight, in flying order. */
export function legTimesOfFlight(db: DbOrTrx, flightId: number) {
  return db.selectFrom('flight_legs').select(['id', 'departs_at', 'arrives_at']).where('flight_id', '=', flightId).orderBy('seq').execute();
}

/** Cancels a flight (every leg) or one of its legs; false when already cancelled. */
export async function cancelFlightOrLeg(db: DbOrTrx, flightId: number, legId: number | null): Promise<boolean> {
  if (legId === null) {
    const r = await db.updateTable('flights').set({ status: 'cancelled' }).where('id', '=', flightId).where('status', '=', 'scheduled').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  const r = await db
    .updateTable('flight_legs')
    .set({ status: 'cancelled' })
    .where('id', '=', legId)
    .where('flight_id', '=', flightId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setLegTimes(db: DbOrTrx, legId: number, departsAt: string, arrivesAt: string): Promise<void> {
  await db.updateTable('flight_legs').set({ departs_at: departsAt, arrives_at: arrivesAt }).where('id', '=', legId).execute();
}
