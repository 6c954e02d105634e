import { addDays, datesBetween, legInstants, PLACE_IDS, type PlannedFlight, plannedFlightsOn } from '@heliline/domain';
import * as schedule from '../modules/schedule/queries.ts';
import type { DbOrTrx } from '../db/database.ts';

/** The rolling window of generated flights, in days around today (Rome). */
export const FLIGHT_WINDOW = { daysBefore: 7, daysAfter: 365 } as const;

/**
 * The one extra flight the seed adds (staff-only, `is_extra` = 1): a charter-style Foggia →
 * Tremiti rotation on the spare AW109, a few days ahead of the first seeding. Added once,
 * ever: a later start does not move it or add another.
 */
export const EXTRA_FLIGHT: { daysAhead: number; flight: PlannedFlight } = {
  daysAhead: 3,
  flight: {
    code: 'LID901',
    pattern: 'extra',
    registration: 'I-HELB',
    aircraftModel: 'AgustaWestland AW109 Grand New',
    legs: [{ originId: PLACE_IDS.foggiaDeparture, destinationId: PLACE_IDS.tremiti, departs: '12:00', arrives: '12:20' }],
  },
};

/** Rows per INSERT: far below SQLite's 32766 and PostgreSQL's 65535 bound parameters. */
const BATCH = 500;

interface FlightToInsert {
  date: string;
  planned: PlannedFlight;
  isExtra: boolean;
}

export interface FlightSeedResult {
  from: string;
  to: string;
  flightsAdded: number;
  legsAdded: number;
}

/**
 * Generates the timetable from the domain's patterns for every date of the window that has
 * no pattern-generated flight yet, so a start tomorrow adds the one new day at the end and
 * never re-creates what staff edited (cancelled, changed) on a date already generated.
 * Safe when two instances start at once: (code, service_date) is unique and conflicts are
 * skipped, so only the rows each instance really inserted get legs.
 */
export async function seedFlights(db: DbOrTrx, today: string, now: Date = new Date(), withExtra = true): Promise<FlightSeedResult> {
  const from = addDays(today, -FLIGHT_WINDOW.daysBefore);
  const to = addDays(today, FLIGHT_WINDOW.daysAfter);
  const seen = await schedule.patternDates(db, from, to);

  const toInsert: FlightToInsert[] = [];
  for (const date of datesBetween(from, to)) {
    if (seen.has(date)) continue;
    for (const planned of plannedFlightsOn(date)) toInsert.push({ date, planned, isExtra: false });
  }

  if (withExtra && !(await schedule.flightCodeExists(db, EXTRA_FLIGHT.flight.code)))
    toInsert.push({ date: addDays(today, EXTRA_FLIGHT.daysAhead), planned: EXTRA_FLIGHT.flight, isExtra: true });

  const result = await insertFlights(db, toInsert, now);
  return { from, to, ...result };
}

async function insertFlights(db: DbOrTrx, toInsert: FlightToInsert[], now: Date) {
  if (toInsert.length === 0) return { flightsAdded: 0, legsAdded: 0 };
  const aircraftId = await schedule.aircraftIds(db);
  const createdAt = now.toISOString();
  const key = (code: string, date: string) => `${code}|${date}`;
  const byKey = new Map(toInsert.map((t) => [key(t.planned.code, t.date), t]));

  let flightsAdded = 0;
  let legsAdded = 0;
  for (let i = 0; i < toInsert.length; i += BATCH) {
    const chunk = toInsert.slice(i, i + BATCH);
    const inserted = await schedule.insertFlightsIfMissing(
      db,
      chunk.map((t) => {
        const id = aircraftId.get(t.planned.registration);
        if (id === undefined) throw new Error(`aircraft ${t.planned.registration} is not seeded`);
        return {
          code: t.planned.code,
          service_date: t.date,
          aircraft_id: id,
          is_extra: t.isExtra ? (1 as const) : (0 as const),
          status: 'scheduled',
          pattern: t.isExtra ? null : t.planned.pattern,
          created_at: createdAt,
        };
      }),
    );
    flightsAdded += inserted.length;

    const legs = inserted.flatMap((row) => {
      const t = byKey.get(key(row.code, row.service_date))!;
      return t.planned.legs.map((leg, seq) => ({
        flight_id: row.id,
        seq: seq + 1,
        origin_id: leg.originId,
        destination_id: leg.destinationId,
        ...toColumns(legInstants(t.date, leg)),
      }));
    });
    for (let j = 0; j < legs.length; j += BATCH) {
      await schedule.insertLegs(db, legs.slice(j, j + BATCH));
    }
    legsAdded += legs.length;
  }
  return { flightsAdded, legsAdded };
}

const toColumns = ({ departsAt, arrivesAt }: { departsAt: string; arrivesAt: string }) => ({
  departs_at: departsAt,
  arrives_at: arrivesAt,
});
