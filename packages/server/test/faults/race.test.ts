import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import type { DbHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/seed/index.ts';
import { bookingBody, type Buyer, createBuyers, createFlight, type TestFlight, VIESTE_LEGS } from '../booking-support.ts';
import { seatViolations } from './invariants.ts';
import { type OwnDatabase, ownDatabase } from './own-database.ts';
import { burst, raceSummary, runRace } from './race.ts';
import { ServerProcess } from './server-process.ts';

/**
 * Issue 50, item 9 (formerly the bench's race): 1,000 buyers, each with an account and a
 * connection of their own, ask the compiled server for one seat of the same 6-seat flight at the
 * same moment. Exactly 6 get a hold, the 994 others a clean 409, nobody a 5xx; afterwards the
 * leg's counters equal its seat rows and nothing is over capacity. Then a burst over legs that
 * journeys share: each leg holds exactly the seats its answered bookings took.
 * SQLite by default; a schema of its own on the PostgreSQL server when DATABASE_URL is set.
 */
const BUYERS = 1000;
const SEATS = 6;
const pgServer = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe.runIf(process.env.HELILINE_FAULTS)(`${BUYERS} buyers race for ${SEATS} seats (${pgServer ? 'postgres' : 'sqlite'})`, () => {
  let own: OwnDatabase;
  let database: DbHandle;
  let local: FastifyInstance;
  let server: ServerProcess;
  let flight: TestFlight;
  let buyers: Buyer[];

  beforeAll(async () => {
    ServerProcess.build();
    own = ownDatabase('race', pgServer);
    database = await own.open();
    await migrateToLatest(database.db);
    await seed(database, { demo: false });
    // The test's own instance on the same database: accounts, tokens and the checks.
    local = await buildApp(testConfig({ databaseUrl: own.url }), { database });
    await local.ready();
    flight = await createFlight(database.db, { seats: SEATS });
    buyers = await createBuyers(local, BUYERS);
    server = new ServerProcess({ port: pgServer ? 4511 : 4510, databaseUrl: own.url, logFile: join(own.dir, 'server.log') });
    await server.start();
  }, 600_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await local?.close();
    await database?.close();
    await own?.drop();
  }, 60_000);

  it(`gives exactly ${SEATS} holds and ${BUYERS - SEATS} clean 409s, no 5xx, and leaves the inventory consistent`, async () => {
    const race = await runRace(Number(new URL(server.url).port), flight, buyers);
    console.info(`race (${own.dialect}): ${raceSummary(race)}`);
    expect(race.statuses, raceSummary(race)).toEqual({ 200: SEATS, 409: BUYERS - SEATS });

    const db = database.db;
    expect(await seatViolations(db, local.services.inventory, flight.legIds)).toEqual([]);
    const [seats] = await local.services.inventory.seats(db, flight.legIds);
    expect(seats).toMatchObject({ capacity: SEATS, held: SEATS, sold: 0, blocked: 0, available: 0 });
    const requests = await db.selectFrom('booking_requests').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(requests.n)).toBe(SEATS);
  }, 180_000);

  it('a burst over shared legs (Foggia → Vieste → Tremiti): every leg holds exactly the seats of the bookings answered 200, and is full', async () => {
    const db = database.db;
    const flights = [await createFlight(db, { seats: 8, legs: VIESTE_LEGS }), await createFlight(db, { seats: 5, legs: VIESTE_LEGS })];
    // Each journey and the legs it flies: [first leg], [second leg] or both.
    const journeys = [{ destinationId: 1514, legs: [0] }, { originId: 1514, legs: [1] }, { legs: [0, 1] }];
    const bookings = buyers.slice(0, 300).map((buyer, i) => {
      const flight = flights[i % flights.length]!;
      const { legs, ...route } = journeys[Math.floor(i / flights.length) % journeys.length]!;
      return { buyer, body: bookingBody({ flight, ...route }), legIds: legs.map((n) => flight.legIds[n]!) };
    });
    const answers = await burst(Number(new URL(server.url).port), bookings);
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    console.info(`burst over shared legs (${own.dialect}): statuses ${JSON.stringify(statuses)}`);
    expect(Object.keys(statuses).sort()).toEqual(['200', '409']);

    const legIds = flights.flatMap((f) => f.legIds);
    expect(await seatViolations(db, local.services.inventory, legIds)).toEqual([]);
    const answered = new Map(legIds.map((id) => [id, 0]));
    answers.forEach((a, i) => {
      if (a.status === 200) for (const id of bookings[i]!.legIds) answered.set(id, answered.get(id)! + 1);
    });
    // More buyers ask for each leg alone than it has seats, so a refusal means the leg was full.
    for (const s of await local.services.inventory.seats(db, legIds)) {
      expect({ leg: s.legId, held: s.held }).toEqual({ leg: s.legId, held: answered.get(s.legId) });
      expect(s.available, `leg ${s.legId}`).toBe(0);
    }
  }, 180_000);
});
