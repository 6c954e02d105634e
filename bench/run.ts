/**
 * `npm run bench [-- http | lighthouse]`: figures of the compiled server as `npm start` runs it,
 * on a database of the bench's own (a fresh SQLite file, or a fresh schema when DATABASE_URL
 * points at PostgreSQL). It prints, and judges nothing:
 * - POST /api/bookings in a closed loop (autocannon, 100 connections): bookings a second;
 * - GET /api/flights at 100 connections: latency p50 / p99;
 * - the race: 1,000 buyers at once for the 6 seats of one flight (a fault test checks it too);
 * - the inventory afterwards: no leg over capacity, counters equal to the seat rows;
 * - Lighthouse (mobile) on every public page, and the JavaScript of the booking screens.
 * How to read the figures: docs/performance.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { addDays, romeToday, toWireDate } from '@heliline/domain';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, ensureBuilt } from '../scripts/ensure-built.mjs';
import { buildApp } from '../packages/server/src/app.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seed } from '../packages/server/src/seed/index.ts';
import { asBuyer, bookingBody, type Buyer, createBuyers, createFlight, type TestFlight } from '../packages/server/test/booking-support.ts';
import { seatViolations } from '../packages/server/test/faults/invariants.ts';
import { ownDatabase } from '../packages/server/test/faults/own-database.ts';
import { raceSummary, runRace } from '../packages/server/test/faults/race.ts';
import { runLighthouse } from './lighthouse.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4100);
const CONNECTIONS = 100;
const WARMUP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Enough seats that the closed loop never runs out: far above any rate this code reaches. */
const MAX_BOOKINGS_PER_SECOND = 2000;
/** Cabin of the load flights: each takes this many one-seat bookings. */
const SEATS_PER_FLIGHT = 15;
const RACE = { buyers: 1000, seats: 6 };
/** More flags for the server's node, e.g. `BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` to see where its time goes. */
const EXTRA_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const WEB_HEADERS = { accept: 'application/json', 'x-locale': 'it' };

const parts = process.argv.slice(2);
const wanted = (part: 'http' | 'lighthouse') => parts.length === 0 || parts.includes(part);

/** The server as `npm start` runs it; the only change: the load comes from one address, which it would rightly throttle. */
async function startServer(databaseUrl: string, logFile: string): Promise<ChildProcess> {
  const log = openSync(logFile, 'w');
  const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, RATE_LIMIT_ALLOW_LIST: '127.0.0.1' };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...EXTRA_NODE_FLAGS, SERVER_ENTRY], { env, stdio: ['ignore', log, log] });
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start on port ${PORT}: see ${logFile}`);
}

/** A discarded warm-up, then SECONDS measured. */
async function load(options: { path: string; headers?: Record<string, string>; requests?: Request[] }): Promise<Result> {
  const run = (duration: number) => autocannon({ url: `http://127.0.0.1:${PORT}${options.path}`, connections: CONNECTIONS, duration, ...options });
  await run(WARMUP_SECONDS);
  return run(SECONDS);
}

/** "200 ×5231, 409 ×3": every status answered, and the errors without one. */
const statuses = (r: Result) =>
  [...Object.entries(r.statusCodeStats).map(([code, s]) => `${code} ×${s.count}`), ...(r.errors ? [`no answer ×${r.errors}`] : [])].join(', ');

/** Booking i goes to flight i mod F and buyer i mod (F + 1): no buyer books a flight twice, none holds more than a cabin. */
function bookingRequests(flights: TestFlight[], buyers: Buyer[]): Request[] {
  const bodies = flights.map((flight) => bookingBody({ flight }));
  let next = 0;
  const build = () => {
    const i = next++;
    const buyer = buyers[i % buyers.length]!;
    return {
      method: 'POST',
      path: '/api/bookings',
      headers: { ...WEB_HEADERS, 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify(asBuyer(bodies[i % bodies.length], buyer.paxId)),
    };
  };
  // setupRequest gets autocannon's defaults (host, port) merged in: keep them.
  return [{ setupRequest: (defaults) => ({ ...defaults, ...build() }) }];
}

/** The first day from the day after tomorrow whose Foggia → Tremiti search lists flights (the seeded timetable). */
async function searchPath(): Promise<string> {
  for (let day = 2; day < 30; day++) {
    const date = encodeURIComponent(toWireDate(addDays(romeToday(), day)));
    const path = `/api/flights?origin=1348&destination=1511&departureDate=${date}&men=1&women=0&children=0&infants=0&reverse=0`;
    const answer = (await (await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: WEB_HEADERS })).json()) as { flights?: unknown[] };
    if ((answer.flights?.length ?? 0) > 0) return path;
  }
  throw new Error('no day in the next 30 with Foggia → Tremiti flights: is the seeded timetable empty?');
}

interface HttpData {
  flights: TestFlight[];
  buyers: Buyer[];
  raceFlight: TestFlight;
  raceBuyers: Buyer[];
}

/** Flights and buyers for the closed loop (enough seats that it never runs out), and the race's. */
async function prepareHttp(local: FastifyInstance): Promise<HttpData> {
  const flightCount = Math.ceil((MAX_BOOKINGS_PER_SECOND * (WARMUP_SECONDS + SECONDS)) / SEATS_PER_FLIGHT);
  const flights: TestFlight[] = [];
  // 300 a day from 10 days ahead: away from the day searched and from any purchase cut-off.
  for (let i = 0; i < flightCount; i++)
    flights.push(await createFlight(local.db, { seats: SEATS_PER_FLIGHT, code: `LID${600 + (i % 300)}`, daysAhead: 10 + Math.floor(i / 300) }));
  const buyers = await createBuyers(local, flightCount + 1 + RACE.buyers);
  const raceFlight = await createFlight(local.db, { seats: RACE.seats, code: 'LID599', daysAhead: 9 });
  return { flights, buyers: buyers.slice(0, flightCount + 1), raceFlight, raceBuyers: buyers.slice(flightCount + 1) };
}

async function measureHttp(local: FastifyInstance, data: HttpData): Promise<void> {
  const bookings = await load({ path: '/', requests: bookingRequests(data.flights, data.buyers) });
  console.log(
    `bookings, closed loop (${CONNECTIONS} connections, ${SECONDS} s): ${Math.round(bookings['2xx'] / bookings.duration)}/s, p50 ${bookings.latency.p50} ms, p99 ${bookings.latency.p99} ms (${statuses(bookings)})`,
  );
  const search = await load({ path: await searchPath(), headers: WEB_HEADERS });
  console.log(
    `GET /api/flights (${CONNECTIONS} connections, ${SECONDS} s): ${Math.round(search['2xx'] / search.duration)}/s, p50 ${search.latency.p50} ms, p99 ${search.latency.p99} ms (${statuses(search)})`,
  );
  console.log(`race: ${raceSummary(await runRace(PORT, data.raceFlight, data.raceBuyers))}`);
  const legIds = [...data.flights, data.raceFlight].flatMap((f) => f.legIds);
  const violations = await seatViolations(local.db, local.services.inventory, legIds);
  console.log(`inventory: ${violations.length === 0 ? 'no leg over capacity, every counter equals its seat rows' : violations.slice(0, 10).join('; ')}`);
}

async function main(): Promise<void> {
  ensureBuilt(wanted('lighthouse') ? ['web', 'server'] : ['server']);
  const pgServer = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  const own = ownDatabase('bench', pgServer);
  const database = await own.open();
  // An app on the same database, not serving: accounts and tokens as the tests make them, and the checks.
  let local: FastifyInstance | undefined;
  let server: ChildProcess | undefined;
  try {
    process.stdout.write(`${new Date().toISOString()}, ${own.dialect}: preparing the database… `);
    await migrateToLatest(database.db);
    await seed(database, { demo: true });
    local = await buildApp(testConfig({ databaseUrl: own.url }), { database });
    await local.ready();
    const data = wanted('http') ? await prepareHttp(local) : null;
    console.log('done');
    const results = fileURLToPath(new URL('results', import.meta.url));
    mkdirSync(results, { recursive: true });
    const logFile = join(results, 'server.log');
    server = await startServer(own.url, logFile);
    console.log(`server: node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js on port ${PORT}, log ${logFile}`);
    if (data) await measureHttp(local, data);
    if (wanted('lighthouse')) await runLighthouse(`http://127.0.0.1:${PORT}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await local?.close();
    await database.close();
    await own.drop();
  }
}

await main();
