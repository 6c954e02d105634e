import { PLACE_IDS, placeById } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import * as q from './queries.ts';

/**
 * A journey = the part of one flight (rotation) a buyer flies: from the leg leaving their
 * origin to the leg reaching their destination. FOG→VIE→TRE gives three journeys: FOG→VIE
 * (leg 1), VIE→TRE (leg 2) and FOG→TRE (both); seats are taken only on those legs.
 */
export interface Journey {
  flightId: number;
  code: string;
  serviceDate: string;
  extra: boolean;
  status: string;
  aircraftModel: string;
  registration: string;
  /** The aircraft's seats (each leg's capacity). */
  aircraftSeats: number;
  originId: number;
  destinationId: number;
  departsAt: string;
  arrivesAt: string;
  legIds: number[];
  /** Every stop of the whole rotation, for the "route" column. */
  routePlaceIds: number[];
}

/** Foggia has one id as origin (1348) and one as destination (1349): same heliport. */
export const samePlace = (a: number, b: number) => a === b || (isFoggia(a) && isFoggia(b));
const isFoggia = (id: number) => id === PLACE_IDS.foggiaDeparture || id === PLACE_IDS.foggiaArrival;

function journeysOf(legs: q.FlightLegRow[], originId: number, destinationId: number): Journey[] {
  const byFlight = new Map<number, q.FlightLegRow[]>();
  for (const leg of legs) byFlight.set(leg.flightId, [...(byFlight.get(leg.flightId) ?? []), leg]);
  const out: Journey[] = [];
  for (const flightLegs of byFlight.values()) {
    flightLegs.sort((a, b) => a.seq - b.seq);
    const from = flightLegs.findIndex((l) => samePlace(l.originId, originId));
    if (from < 0) continue;
    const to = flightLegs.findIndex((l, i) => i >= from && samePlace(l.destinationId, destinationId));
    if (to < 0) continue;
    const first = flightLegs[from]!;
    const last = flightLegs[to]!;
    const flown = flightLegs.slice(from, to + 1);
    // A journey over a cancelled leg is cancelled, though the rotation's other legs still fly.
    const status = first.status !== 'scheduled' ? first.status : flown.some((l) => l.legStatus === 'cancelled') ? 'cancelled' : 'scheduled';
    out.push({
      flightId: first.flightId,
      code: first.code,
      serviceDate: first.serviceDate,
      extra: first.isExtra === 1,
      status,
      aircraftModel: first.aircraftModel,
      registration: first.registration,
      aircraftSeats: first.aircraftSeats,
      originId: first.originId,
      destinationId: last.destinationId,
      departsAt: first.departsAt,
      arrivesAt: last.arrivesAt,
      legIds: flown.map((l) => l.legId),
      routePlaceIds: [flightLegs[0]!.originId, ...flightLegs.map((l) => l.destinationId)],
    });
  }
  return out.sort((a, b) => a.departsAt.localeCompare(b.departsAt) || a.code.localeCompare(b.code));
}

/** Scheduled journeys between two places on a Rome calendar date, by take-off time. */
export async function journeysOn(db: DbOrTrx, date: string, originId: number, destinationId: number): Promise<Journey[]> {
  return journeysOf(await q.legsOnDate(db, date), originId, destinationId);
}

/** The journey of one flight between two places, or null if that flight does not fly it. */
export async function journeyOf(db: DbOrTrx, flightId: number, originId: number, destinationId: number): Promise<Journey | null> {
  return journeysOf(await q.legsOfFlights(db, [flightId]), originId, destinationId)[0] ?? null;
}

export const placeName = (id: number, lang: 'it' | 'en') => placeById(id)?.name[lang] ?? String(id);
