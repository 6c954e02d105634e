import { randomBytes } from 'node:crypto';
import { addDays, romeDateTimeToUtc, romeToday } from '@heliline/domain';
import type { Db } from '../src/db/database.ts';

/** Shared fixtures of the inventory and booking tests. */

let aircraftCounter = 0;
let flightCounter = 0;

export interface TestLeg {
  originId: number;
  destinationId: number;
  /** Rome wall-clock HH:mm on the flight's date. */
  departs: string;
  arrives: string;
}

export interface TestFlight {
  flightId: number;
  code: string;
  date: string;
  legIds: number[];
}

/**
 * A flight of our own on an aircraft with `seats` seats, `daysAhead` days from today (Rome),
 * so tests never depend on the seeded timetable's weekdays or seasons.
 */
export async function createFlight(
  db: Db,
  options: { seats?: number; daysAhead?: number; date?: string; legs?: TestLeg[]; extra?: boolean; code?: string } = {},
): Promise<TestFlight> {
  const now = new Date().toISOString();
  const aircraft = await db
    .insertInto('aircraft')
    .values({ registration: `T-${process.pid % 1000}-${++aircraftCounter}`, model: 'Test Copter', seats: options.seats ?? 6 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const date = options.date ?? addDays(romeToday(), options.daysAhead ?? 5);
  const code = options.code ?? `LID${String(500 + (++flightCounter % 400)).padStart(3, '0')}`;
  const flight = await db
    .insertInto('flights')
    .values({ code, service_date: date, aircraft_id: aircraft.id, is_extra: options.extra ? 1 : 0, status: 'scheduled', pattern: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const legs = options.legs ?? [{ originId: 1348, destinationId: 1511, departs: '10:00', arrives: '10:20' }];
  const legIds: number[] = [];
  for (const [i, leg] of legs.entries()) {
    const row = await db
      .insertInto('flight_legs')
      .values({
        flight_id: flight.id,
        seq: i + 1,
        origin_id: leg.originId,
        destination_id: leg.destinationId,
        departs_at: romeDateTimeToUtc(date, leg.departs).toISOString(),
        arrives_at: romeDateTimeToUtc(date, leg.arrives).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    legIds.push(row.id);
  }
  return { flightId: flight.id, code, date, legIds };
}

/** FOG → VIE → TRE, the rotation with a Vieste stop. */
export const VIESTE_LEGS: TestLeg[] = [
  { originId: 1348, destinationId: 1514, departs: '08:30', arrives: '08:50' },
  { originId: 1514, destinationId: 1511, departs: '09:05', arrives: '09:20' },
];

/** A bare booking-request row (for inventory tests that do not go through HTTP). */
export async function insertBareRequest(db: Db, userId: number, flightId: number): Promise<number> {
  const now = new Date().toISOString();
  const code = `Z${randomBytes(6).toString('hex').toUpperCase()}`.slice(0, 8);
  const row = await db
    .insertInto('booking_requests')
    .values({
      code,
      group_code: code.slice(0, 6),
      type: 1,
      status: 'pending',
      user_id: userId,
      lang: 'it',
      channel: 'WEB',
      flight_type: 'OW',
      origin_id: 1348,
      destination_id: 1511,
      departure_flight_id: flightId,
      comeback_flight_id: null,
      men: 1,
      women: 0,
      children: 0,
      infants: 0,
      contact_email: 'x@example.com',
      contact_telephone: '1',
      coupon_code: null,
      coupon_perc: 0,
      tickets_cents: 0,
      taxes_cents: 0,
      landing_taxes_cents: 0,
      grand_total_cents: 0,
      amount_cents: 0,
      invoice_json: null,
      forms_json: null,
      hold_expires_at: new Date(Date.now() + 600_000).toISOString(),
      hold_extended: 0,
      payment_id: null,
      bank_message: null,
      error_code: null,
      failure_reason: null,
      note: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Counters of a leg (capacity, sold, held, blocked). */
export async function legCounters(db: Db, legId: number) {
  return db.selectFrom('leg_inventory').selectAll().where('flight_leg_id', '=', legId).executeTakeFirst();
}
