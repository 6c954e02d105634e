import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import type { DbHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/seed/index.ts';
import { type Buyer, createBuyers, createFlight, type TestFlight } from '../booking-support.ts';
import { seatViolations } from './invariants.ts';
import { type OwnDatabase, ownDatabase } from './own-database.ts';
import { raceSummary, runRace } from './race.ts';
import { ServerProcess } from './server-process.ts';

/**
 * Issue 50, item 9 (formerly the bench's race): 1,000 buyers, each with an account and a
 * connection of their own, ask the compiled server for one seat of the same 6-seat flight at the
 * same moment. Exactly 6 get a hold, the 994 others a clean 409, nobody a 5xx; afterwards the
 * leg's counters equal its seat rows and nothing is over capacity.
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
});
