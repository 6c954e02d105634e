import { addDays, PLACE_IDS, romeDateTimeToUtc, romeToday } from '@heliline/domain';
import type { DbHandle } from '../../packages/server/src/db/database.ts';
import { hashPassword } from '../../packages/server/src/lib/passwords.ts';
import { SessionService } from '../../packages/server/src/modules/sessions/service.ts';
import { ReadChanges } from '../../packages/server/src/modules/cache/changes.ts';

/**
 * What the HTTP bench books on, added to the freshly seeded bench database before the app
 * starts: buyers with a complete passenger profile, many flights with free seats (far from
 * any purchase cut-off, on dates the search path does not read) and the race's 6-seat flight.
 */

export const BUYER_PASSWORD = 'Bench-Heliline-2026';
/** The largest cabin: a flight takes 15 one-seat bookings before it is full. */
const SEATS_PER_FLIGHT = 15;
/** Flights per date (codes LID600…LID899); bench dates start this many days ahead. */
const FLIGHTS_PER_DAY = 300;
const FIRST_DAY = 10;
const BATCH = 250;

export interface BenchFlight {
  id: number;
  date: string;
}

export interface BenchBuyer {
  email: string;
  paxId: number;
}

export interface BenchData {
  flights: BenchFlight[];
  /** Log in through the real login (BUYER_PASSWORD). */
  loadBuyers: BenchBuyer[];
  /** Bearer tokens issued beforehand: 1,000 argon2 logins would take longer than the race. */
  raceBuyers: (BenchBuyer & { token: string })[];
  raceFlight: BenchFlight;
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function addBenchData(handle: DbHandle, o: { seats: number; loadBuyers: number; raceBuyers: number; raceSeats: number }): Promise<BenchData> {
  const buyers = await addBuyers(handle, o.loadBuyers + o.raceBuyers);
  const sessions = new SessionService(handle.db, false, new ReadChanges());
  const raceBuyers = [];
  for (const b of buyers.slice(o.loadBuyers)) raceBuyers.push({ ...b, token: await sessions.issueToken(b.userId) });
  const start = addDays(romeToday(), FIRST_DAY);
  const flights = await addFlights(handle, start, Math.ceil(o.seats / SEATS_PER_FLIGHT), SEATS_PER_FLIGHT, 600);
  const [raceFlight] = await addFlights(handle, start, 1, o.raceSeats, 599);
  return { flights, loadBuyers: buyers.slice(0, o.loadBuyers), raceBuyers, raceFlight: raceFlight! };
}

/** Verified private accounts, each with its passenger profile (Maria Rossi), one password hash for all. */
async function addBuyers(handle: DbHandle, n: number): Promise<(BenchBuyer & { userId: number })[]> {
  const { db } = handle;
  const hash = await hashPassword(BUYER_PASSWORD);
  const now = new Date().toISOString();
  const out: (BenchBuyer & { userId: number })[] = [];
  const emails = Array.from({ length: n }, (_, i) => `bench-buyer-${i + 1}@example.test`);
  for (const batch of chunks(emails, BATCH)) {
    const users = await db
      .insertInto('users')
      .values(
        batch.map((email) => ({ email, password_hash: hash, email_verified_at: now, is_agency: 0, is_agency_auth: 0, locale: 'it', created_at: now, updated_at: now })),
      )
      .returning(['id', 'email'])
      .execute();
    const paxes = await db
      .insertInto('paxes')
      .values(
        users.map((u) => ({
          user_id: u.id,
          lastname: 'Rossi',
          firstname: 'Maria',
          gender: 'F',
          birthdate: '1985-03-14',
          address: 'Via Roma 1',
          city: 'Foggia',
          province: 'FG',
          country_code: 'IT',
          zipcode: '71121',
          telephone: '3331234567',
          document_type_id: 2,
          document_num: 'YA1234567',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    const paxOf = new Map(paxes.map((p) => [p.user_id, p.id]));
    for (const u of users) out.push({ userId: u.id, email: u.email, paxId: paxOf.get(u.id)! });
  }
  return out;
}

/** `count` one-leg Foggia → Tremiti flights of `seats` seats, FLIGHTS_PER_DAY a day from `start`. */
async function addFlights(handle: DbHandle, start: string, count: number, seats: number, firstCode: number): Promise<BenchFlight[]> {
  const { db } = handle;
  const now = new Date().toISOString();
  const aircraft = await db
    .insertInto('aircraft')
    .values({ registration: `B-${seats}-${firstCode}`, model: 'Bench Copter', seats })
    .returning('id')
    .executeTakeFirstOrThrow();
  const planned = Array.from({ length: count }, (_, i) => ({ code: `LID${firstCode + (i % FLIGHTS_PER_DAY)}`, date: addDays(start, Math.floor(i / FLIGHTS_PER_DAY)) }));
  const out: BenchFlight[] = [];
  for (const batch of chunks(planned, BATCH)) {
    const rows = await db
      .insertInto('flights')
      .values(
        batch.map((f) => ({ code: f.code, service_date: f.date, aircraft_id: aircraft.id, is_extra: 0 as const, status: 'scheduled', pattern: null, created_at: now })),
      )
      .returning(['id', 'service_date'])
      .execute();
    await db
      .insertInto('flight_legs')
      .values(
        rows.map((f) => ({
          flight_id: f.id,
          seq: 1,
          origin_id: PLACE_IDS.foggiaDeparture,
          destination_id: PLACE_IDS.tremiti,
          departs_at: romeDateTimeToUtc(f.service_date, '10:00').toISOString(),
          arrives_at: romeDateTimeToUtc(f.service_date, '10:20').toISOString(),
        })),
      )
      .execute();
    out.push(...rows.map((r) => ({ id: r.id, date: r.service_date })));
  }
  return out;
}
