import type { DbOrTrx } from '../../db/database.ts';

/**
 * SQL of the public timetable. Only what the public may see: scheduled (not cancelled)
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
    ])
    .where('flights.status', '=', 'scheduled')
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

/** The first public flight taking off at or after `fromIso` and before `untilIso`, with all its legs. */
export async function nextFlightLegs(db: DbOrTrx, fromIso: string, untilIso: string): Promise<PublicLegRow[]> {
  const first = await publicLegs(db)
    .where('flight_legs.seq', '=', 1)
    .where('flight_legs.departs_at', '>=', fromIso)
    .where('flight_legs.departs_at', '<', untilIso)
    .orderBy('flight_legs.departs_at')
    .orderBy('flights.code')
    .limit(1)
    .executeTakeFirst();
  if (!first) return [];
  return publicLegs(db).where('flights.id', '=', first.flight_id).orderBy('flight_legs.seq').execute();
}

/** Flights in order of their first takeoff (ISO instants sort as text), legs in sequence. */
function sortByTakeoff(rows: PublicLegRow[]): PublicLegRow[] {
  const takeoff = new Map<number, string>();
  for (const r of rows) if (r.seq === 1) takeoff.set(r.flight_id, r.departs_at);
  const key = (r: PublicLegRow) => takeoff.get(r.flight_id) ?? r.departs_at;
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)) || a.code.localeCompare(b.code) || a.seq - b.seq);
}
