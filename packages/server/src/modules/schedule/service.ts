import type { Db, DbOrTrx } from '../../db/database.ts';
import { afterCommit } from '../../db/transaction.ts';
import { ReadChanges } from '../cache/changes.ts';
import { ReadCache } from '../cache/read-cache.ts';
import { type Journey, journeyOf, journeysOn } from './journeys.ts';
import * as q from './queries.ts';

export type { Journey } from './journeys.ts';
export type { FlightLegRow, PublicLegRow } from './queries.ts';

/** A ceiling only: a change of flights or legs drops every remembered journey at once. */
const BOOKING_JOURNEY_TTL_MS = 60_000;
const BOOKING_JOURNEY_MAX_ENTRIES = 5_000;
const FROM_SCHEDULE = { legs: [], schedule: true } as const;

/** Public legs are of scheduled or cancelled flights: the board and the timetable show a cancelled one (or leg) as such. */
export const isCancelledLeg = (l: Pick<q.PublicLegRow, 'status' | 'leg_status'>) => l.status === 'cancelled' || l.leg_status === 'cancelled';

/**
 * The schedule: flights, their legs and aircraft. Booking, inventory and the timetable read
 * flights only through this service; the seed writes them through this module's queries.
 * Methods that may run inside a write transaction take it as their last argument. Every method
 * that changes flights or legs reports it (flightsChanged) so read caches drop their answers.
 */
export class ScheduleService {
  private readonly flightWatchers: (() => void)[] = [];
  /** Journeys asked for by new bookings (journeyForBooking), until the schedule changes. */
  private readonly bookingJourneys: ReadCache<Journey | null>;

  /** `changes`: where this service reports its changes of flights, and hears other instances' (the composition root's). */
  constructor(
    private readonly db: Db,
    changes: ReadChanges = new ReadChanges(),
  ) {
    this.bookingJourneys = new ReadCache(changes, { ttlMs: BOOKING_JOURNEY_TTL_MS, maxEntries: BOOKING_JOURNEY_MAX_ENTRIES });
    this.watchFlights(() => changes.scheduleChanged());
  }

  /** `watcher` hears that flights or legs changed, once the writing transaction has committed. */
  watchFlights(watcher: () => void): void {
    this.flightWatchers.push(watcher);
  }

  /** Reports a change of flights or legs written through `db` (after its commit). */
  flightsChanged(db: DbOrTrx = this.db): void {
    afterCommit(db, () => {
      for (const watcher of this.flightWatchers) watcher();
    });
  }

  /** Scheduled journeys between two places on a Rome calendar date, by take-off time. */
  journeysOn(date: string, originId: number, destinationId: number, db: DbOrTrx = this.db): Promise<Journey[]> {
    return journeysOn(db, date, originId, destinationId);
  }

  /** The journey of one flight between two places, or null if that flight does not fly it. */
  journeyOf(flightId: number, originId: number, destinationId: number, db: DbOrTrx = this.db): Promise<Journey | null> {
    return journeyOf(db, flightId, originId, destinationId);
  }

  /**
   * journeyOf for a booking being planned, outside any transaction: a sale's burst of buyers of
   * one flight reads it once. Remembered until a change of flights or legs commits, here or on
   * another instance (ReadChanges), at most a minute; an unknown flight is not remembered. A
   * flight cancelled on another instance an instant ago can still read as scheduled until its
   * notice arrives, as it could between a read and the booking's transaction: the payment's
   * outcome refuses a ticket on a cancelled flight and refunds (booking/requests/outcome.ts).
   * The journey is shared between callers: frozen.
   */
  journeyForBooking(flightId: number, originId: number, destinationId: number): Promise<Journey | null> {
    const key = `${flightId}:${originId}:${destinationId}`;
    return this.bookingJourneys.get(key, Date.now(), async () => {
      const journey = await journeyOf(this.db, flightId, originId, destinationId);
      // changesAt 0: an answer that is never stored (a flight made later must be found).
      if (!journey) return { value: null, sources: FROM_SCHEDULE, changesAt: 0 };
      Object.freeze(journey.legIds);
      Object.freeze(journey.routePlaceIds);
      return { value: Object.freeze(journey), sources: FROM_SCHEDULE, changesAt: null };
    });
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
    this.flightsChanged(db);
    return moved(legs[0]!.departs_at);
  }

  /**
   * Cancels a flight, or one leg of its rotation (legId), inside the caller's transaction; read
   * caches drop their answers after the commit (decision 020). False when it was already cancelled.
   */
  async cancel(flightId: number, legId: number | null, db: DbOrTrx = this.db): Promise<boolean> {
    const done = await q.cancelFlightOrLeg(db, flightId, legId);
    if (done) this.flightsChanged(db);
    return done;
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
