import type { Db, DbOrTrx } from '../../db/database.ts';
import { type Journey, journeyOf, journeysOn } from './journeys.ts';
import * as q from './queries.ts';

export type { Journey } from './journeys.ts';
export type { FlightLegRow, PublicLegRow } from './queries.ts';

/** Public legs are of scheduled or cancelled flights: the board and the timetable show a cancelled one (or leg) as such. */
export const isCancelledLeg = (l: Pick<q.PublicLegRow, 'status' | 'leg_status'>) => l.status === 'cancelled' || l.leg_status === 'cancelled';

/**
 * The schedule: flights, their legs and aircraft. Booking, inventory and the timetable read
 * flights only through this service; the seed writes them through this module's queries.
 * Methods that may run inside a write transaction take it as their last argument. Nothing is
 * kept in memory: every instance reads flights from the database.
 */
export class ScheduleService {
  constructor(private readonly db: Db) {}

  /** Scheduled journeys between two places on a Rome calendar date, by take-off time. */
  journeysOn(date: string, originId: number, destinationId: number, db: DbOrTrx = this.db): Promise<Journey[]> {
    return journeysOn(db, date, originId, destinationId);
  }

  /** The journey of one flight between two places, or null if that flight does not fly it. */
  journeyOf(flightId: number, originId: number, destinationId: number, db: DbOrTrx = this.db): Promise<Journey | null> {
    return journeyOf(db, flightId, originId, destinationId);
  }

  /** Every leg of some flights, any status. */
  legsOfFlights(flightIds: readonly number[], db: DbOrTrx = this.db): Promise<q.FlightLegRow[]> {
    return q.legsOfFlights(db, flightIds);
  }

  /**
   * Moves a flight so its first leg takes off at `departsAt`; legs keep their durations and
   * gaps. Development and e2e only (a cut-off that passes while a buyer is on step 4).
   * Returns the new take-off, or null for an unknown flight.
   */
  async moveFlight(flightId: number, departsAt: Date, db: DbOrTrx = this.db): Promise<string | null> {
    const legs = await q.legTimesOfFlight(db, flightId);
    if (!legs.length) return null;
    const shift = departsAt.getTime() - Date.parse(legs[0]!.departs_at);
    const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
    for (const leg of legs) await q.setLegTimes(db, leg.id, moved(leg.departs_at), moved(leg.arrives_at));
    return moved(legs[0]!.departs_at);
  }

  /** Cancels a flight, or one leg of its rotation (legId), inside the caller's transaction. False when it was already cancelled. */
  cancel(flightId: number, legId: number | null, db: DbOrTrx = this.db): Promise<boolean> {
    return q.cancelFlightOrLeg(db, flightId, legId);
  }

  /** Flights of a Rome date with their legs, any status (the staff cancellation picker). */
  flightsOnDate(serviceDate: string, db: DbOrTrx = this.db): Promise<q.FlightLegRow[]> {
    return q.allLegsOnDate(db, serviceDate);
  }

  /** Seats of each leg's aircraft. */
  legCapacities(legIds: readonly number[], db: DbOrTrx = this.db): Promise<{ legId: number; seats: number }[]> {
    return q.legCapacities(db, legIds);
  }

  /** Legs of the public flights (scheduled, not extra) on Rome dates from..to, in flying order. */
  publicLegsBetween(from: string, to: string): Promise<q.PublicLegRow[]> {
    return q.legsBetweenDates(this.db, from, to);
  }

  /** The first public flight taking off at or after `fromIso`, with all its legs (none: empty). */
  nextPublicFlight(fromIso: string): Promise<q.PublicLegRow[]> {
    return q.nextFlightLegs(this.db, fromIso);
  }
}
