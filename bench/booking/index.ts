/**
 * Seat holds under concurrent buyers, and the flight search beside a bare Fastify route.
 * SQLite (a temporary file, WAL) by default; PostgreSQL when DATABASE_URL=postgres://… is set.
 *
 * 1. hold transactions: the inventory's write transaction as POST /api/bookings runs it (a
 *    booking-request row + conditional per-leg UPDATEs + hold rows), CONCURRENCY at a time;
 * 2. POST /api/bookings over HTTP: the whole request (auth, domain validation, pricing, hold,
 *    passengers, events, payment creation at the sandbox bank), from a worker thread;
 * 3. GET /api/flights beside a bare route in the same app and process.
 * Afterwards every leg is checked: sold + held + blocked ≤ capacity and the counters equal the
 * hold ledger (oversold must be 0).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { addDays, computeTotals, centsToAmount, romeDateTimeToUtc, romeToday, toWireDate } from '../../packages/domain/src/index.ts';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { dropSchema, openDatabase } from '../../packages/server/src/db/database.ts';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';
import { seed } from '../../packages/server/src/seed/index.ts';
import { hashPassword } from '../../packages/server/src/lib/passwords.ts';
import { InventoryService } from '../../packages/server/src/modules/inventory/service.ts';
import { fmt, load } from '../lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FLIGHTS = Number(process.env.BENCH_FLIGHTS ?? 3000);
const SEATS = 12;

const base = testConfig();
const pg = base.databaseUrl.startsWith('postgres');
const file = join(tmpdir(), `heliline-bench-${randomBytes(4).toString('hex')}.sqlite`);
const databaseUrl = pg ? base.databaseUrl : `sqlite:${file}`;
const schema = pg ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const config = { ...base, databaseUrl };
const database = await openDatabase(databaseUrl, { schema });
await migrateToLatest(database.db);
await seed(database.db, { demo: false });
const db = database.db;
const now = new Date().toISOString();

// Buyers: one verified account with a passenger profile, a bearer token per client loop.
const user = await db
  .insertInto('users')
  .values({
    email: 'bench@example.test',
    password_hash: await hashPassword('Bench12345'),
    email_verified_at: now,
    is_agency: 0,
    is_agency_auth: 0,
    locale: 'it',
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('paxes')
  .values({
    user_id: user.id,
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
    document_num: 'YA1',
    created_at: now,
    updated_at: now,
  })
  .execute();

// Many flights of 12 seats, FOG → VIE → TRE, 10+ days ahead (far from any cut-off), enough
// seats that buyers rarely find a flight full (refusals are counted apart).
const date = addDays(romeToday(), 10);
const aircraft = await db.insertInto('aircraft').values({ registration: 'B-ENCH', model: 'Bench Copter', seats: SEATS }).returning('id').executeTakeFirstOrThrow();
const flights: { id: number; date: string; legs: number[] }[] = [];
for (let day = 0; day * 300 < FLIGHTS; day++) {
  const d = addDays(date, day);
  const rows = await db
    .insertInto('flights')
    .values(
      Array.from({ length: Math.min(300, FLIGHTS - day * 300) }, (_, i) => ({
        code: `LID${600 + i}`,
        service_date: d,
        aircraft_id: aircraft.id,
        is_extra: 0 as const,
        status: 'scheduled',
        pattern: null,
        created_at: now,
      })),
    )
    .returning(['id', 'service_date'])
    .execute();
  const legs = rows.flatMap((f) =>
    (
      [
        [1348, 1514, '08:30', '08:50'],
        [1514, 1511, '09:05', '09:20'],
      ] as const
    ).map(([o, dd, dep, arr], seq) => ({
      flight_id: f.id,
      seq: seq + 1,
      origin_id: o,
      destination_id: dd,
      departs_at: romeDateTimeToUtc(d, dep).toISOString(),
      arrives_at: romeDateTimeToUtc(d, arr).toISOString(),
    })),
  );
  const legRows = [];
  for (let i = 0; i < legs.length; i += 400)
    legRows.push(
      ...(await db
        .insertInto('flight_legs')
        .values(legs.slice(i, i + 400))
        .returning(['id', 'flight_id'])
        .execute()),
    );
  for (const f of rows)
    flights.push({
      id: f.id,
      date: d,
      legs: legRows
        .filter((l) => l.flight_id === f.id)
        .map((l) => l.id)
        .sort((a, b) => a - b),
    });
}

const app = await buildApp(config, { database });
app.get('/bench/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const inventory = new InventoryService({ db, dialect: database.dialect });

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
interface Run {
  ok: number;
  refused: number;
  errors: number;
  seconds: number;
  latencies: number[];
}
const report = (name: string, r: Run) => {
  r.latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(26)}${(r.ok / r.seconds).toFixed(0).padStart(7)} holds/s   p50 ${pct(r.latencies, 50).toFixed(2)} ms   p99 ${pct(r.latencies, 99).toFixed(2)} ms   ` +
      `refused (full) ${r.refused}   errors ${r.errors}`,
  );
};

/** CONCURRENCY loops for SECONDS, each call taking 1–2 seats on a random flight. */
async function drive(once: (flight: (typeof flights)[number], seats: number, i: number) => Promise<'ok' | 'full' | 'error'>): Promise<Run> {
  const run: Run = { ok: 0, refused: 0, errors: 0, seconds: 0, latencies: [] };
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const flight = flights[Math.floor(Math.random() * flights.length)]!;
        const t = performance.now();
        const r = await once(flight, 1 + (i % 2), i++);
        run.latencies.push(performance.now() - t);
        if (r === 'ok') run.ok++;
        else if (r === 'full') run.refused++;
        else run.errors++;
      }
    }),
  );
  run.seconds = (performance.now() - start) / 1000;
  return run;
}

console.log(`database ${database.dialect}${pg ? '' : ' (file, WAL)'}, ${CONCURRENCY} concurrent buyers, ${SECONDS}s each, ${FLIGHTS} flights × ${SEATS} seats (2 legs)`);

// 1. The hold transaction itself.
class Full extends Error {}
let seq = 0;
const holds = await drive(async (flight, seats) => {
  try {
    return await inventory.writeTransaction(async (trx) => {
      const at = new Date().toISOString();
      const code = `B${(++seq).toString(36).toUpperCase().padStart(7, '0')}`;
      const { id } = await trx
        .insertInto('booking_requests')
        .values({
          code,
          group_code: code.slice(0, 6),
          type: 1,
          status: 'pending',
          user_id: user.id,
          lang: 'it',
          channel: 'WEB',
          flight_type: 'OW',
          origin_id: 1348,
          destination_id: 1511,
          departure_flight_id: flight.id,
          comeback_flight_id: null,
          men: 0,
          women: seats,
          children: 0,
          infants: 0,
          contact_email: 'b@example.test',
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
          hold_expires_at: at,
          hold_extended: 0,
          payment_id: null,
          bank_message: null,
          error_code: null,
          failure_reason: null,
          note: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ok = await inventory.take(
        trx,
        id,
        flight.legs.map((legId) => ({ legId, seats })),
        'held',
        new Date(),
      );
      if (!ok) throw new Full();
      return 'ok' as const;
    });
  } catch (err) {
    return err instanceof Full ? 'full' : 'error';
  }
});
report('hold transaction', holds);

// Free the seats again for the HTTP run (not a measured step).
await db.updateTable('leg_inventory').set({ held: 0 }).execute();
await db.updateTable('seat_holds').set({ status: 'released' }).execute();

// 2. POST /api/bookings over HTTP.
const token = await app.sessions.issueToken(user.id);
const bodyFor = (flightId: number, date: string) => {
  const paxes = [{ id: 1, category: 'a', gender: 'F', birthDate: '14/03/1985', residence: 'Foggia', document_type: 2, document_num: 'YA1' }];
  const { totals } = computeTotals({
    paxes: paxes.map((p) => ({ category: 'a' as const, birthDate: p.birthDate, residence: p.residence })),
    journeys: [{ direction: 'd', originId: 1348, destinationId: 1511, date }],
  });
  return JSON.stringify({
    type: 1,
    bookingChannel: 'WEB',
    form: {
      flightType: 'OW',
      originId: 1348,
      destinationId: 1511,
      departureDate: toWireDate(date),
      departureFlightId: flightId,
      men: 0,
      women: 1,
      children: 0,
      infants: 0,
      paxes,
      totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, centsToAmount(v)])),
      contacts: { email: 'b@example.test', telephone: '3331234567' },
      conditions: true,
    },
  });
};
const bodies = Array.from({ length: 2000 }, () => {
  const f = flights[Math.floor(Math.random() * flights.length)]!;
  return bodyFor(f.id, f.date);
});
// The buyers run in a worker thread: a client in this thread would steal the server's CPU.
const http = await new Promise<Run>((resolve, reject) => {
  const worker = new Worker(new URL('./buyers.mjs', import.meta.url), {
    workerData: { url: `${url}/api/bookings`, token, bodies, seconds: SECONDS, concurrency: CONCURRENCY },
  });
  worker.once('message', resolve);
  worker.once('error', reject);
});
report('POST /api/bookings (HTTP)', http);

// 3. Flight search beside a bare route, on an ordinary day of the seeded timetable.
const searchUrl = `${url}/api/flights?origin=1348&destination=1511&departureDate=${toWireDate(addDays(date, -1))}&men=1&women=0&children=0&infants=0`;
const bare = await load(`${url}/bench/bare`, { seconds: SECONDS, concurrency: CONCURRENCY });
console.log(`bare Fastify route        ${fmt(bare)}`);
const search = await load(searchUrl, { seconds: SECONDS, concurrency: CONCURRENCY });
console.log(`GET /api/flights          ${fmt(search)}   (${(await (await fetch(searchUrl)).json()).flights.length} flights in the answer)`);
console.log(`ratio flights/bare        ${(search.rps / bare.rps).toFixed(2)}`);

// Oversold check: every leg within capacity, counters equal to the ledger.
const legs = await db.selectFrom('leg_inventory').selectAll().execute();
const ledger = await db.selectFrom('seat_holds').select(['flight_leg_id', 'status', 'seats']).execute();
const heldByLeg = new Map<number, number>();
for (const h of ledger) if (h.status === 'held') heldByLeg.set(h.flight_leg_id, (heldByLeg.get(h.flight_leg_id) ?? 0) + h.seats);
const oversold = legs.filter((l) => l.sold + l.held + l.blocked > l.capacity).length;
const drift = legs.filter((l) => l.held !== (heldByLeg.get(l.flight_leg_id) ?? 0)).length;
console.log(`oversold legs             ${oversold}   (counter ≠ ledger: ${drift}; ${legs.length} legs touched)`);

await app.close();
await database.close();
if (schema) await dropSchema(base.databaseUrl, schema);
if (!pg) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
if (oversold > 0 || drift > 0) process.exit(1);
