import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { dropSchema, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';
import { asBuyer, bookingBody, bookingCounts, createBuyers, createFlight, legCounters, newPax, OWN_PAX, otherPaxes, VIESTE_LEGS } from './booking-support.ts';
import { Client } from './helpers.ts';

/**
 * The card booking's write path (issue 12, decision 021): one plain write transaction per
 * booking, one statement per table, nothing read back that the transaction just wrote, and a
 * failure anywhere inside it (the bank, a crash, a lock held too long) leaves nothing behind:
 * never a booking without its payment, never a payment without its booking, never seats held
 * for nothing.
 */

/** Every statement the app executes, in order (transformResult runs for executed queries only, not subqueries). */
const executed: string[] = [];
const compiledSql = new WeakMap<object, string>();

const config = testConfig();
const pg = config.databaseUrl.startsWith('postgres');
const schema = pg ? `t_${randomBytes(6).toString('hex')}` : undefined;
const database = await openDatabase(config.databaseUrl, { schema });
await migrateToLatest(database.db);
await seed(database, { demo: false });
const recording = database.db.withPlugin({
  transformQuery: (args) => {
    compiledSql.set(args.queryId, database.db.getExecutor().compileQuery(args.node, args.queryId).sql);
    return args.node;
  },
  transformResult: async (args) => {
    const sql = compiledSql.get(args.queryId);
    if (sql) executed.push(sql);
    return args.result;
  },
});
const app = await buildApp(config, { database: { ...database, db: recording } });
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
  if (schema) await dropSchema(config.databaseUrl, schema);
});
const db = database.db;
const dialect = database.dialect;
const buyers = await createBuyers(app, 3);
const client = new Client(app);

afterEach(() => vi.restoreAllMocks());

const book = (body: ReturnType<typeof bookingBody>, buyer = buyers[0]!) => client.post('/api/bookings', asBuyer(body, buyer.paxId), { bearer: buyer.token });
const statementsOn = (table: string) => executed.filter((s) => new RegExp(`insert into "${table}"`).test(s));

describe(`POST /api/bookings, card: the write path (${dialect})`, () => {
  it('one write transaction; each table written by one statement (two passengers, two legs); nothing written is read back', async () => {
    const flight = await createFlight(db, { legs: VIESTE_LEGS, seats: 6 });
    await book(bookingBody({ flight })); // warm: the leg counters exist from here on
    const transactionsBefore = app.services.transactions.version;
    executed.length = 0;
    const res = await book(bookingBody({ flight, paxes: [OWN_PAX, newPax()] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(app.services.transactions.version - transactionsBefore).toBe(1);
    for (const table of [
      'booking_requests',
      'booking_passengers',
      'booking_price_lines',
      'booking_events',
      'booking_audit',
      'seat_holds',
      'payments',
      'sandbox_bank_orders',
      'payment_events',
    ]) {
      expect(statementsOn(table), table).toHaveLength(1);
    }
    // Seats: one conditional statement per leg (the counter row is created by the same statement).
    expect(statementsOn('leg_inventory')).toHaveLength(2);
    // The buyer's passenger profile comes with the caller (one read for both, decision 028).
    expect(executed.filter((s) => /from "paxes"/.test(s))).toEqual([]);
    // No code pre-check, no re-read of the request, its passengers or its payment.
    expect(executed.filter((s) => /^select [^(]* from "(booking_requests|booking_passengers|booking_price_lines|payments|seat_holds)"/.test(s))).toEqual([]);
    // A plain transaction: BEGIN (IMMEDIATE on SQLite) … COMMIT, no savepoints; on PostgreSQL its
    // time limits sent with the BEGIN, then the buyer's hold-limit locks (account, then address), each a statement of its own (decision 043).
    const control = executed.filter((s) => /^(begin|commit|rollback|savepoint|release|set|select set_config|select pg_advisory)/i.test(s));
    const lock = 'select pg_advisory_xact_lock(hashtext($1))';
    const begin = 'begin; set local lock_timeout = 5000; set local statement_timeout = 15000';
    expect(control).toEqual(pg ? [begin, lock, lock, 'commit'] : ['begin immediate', 'commit']);
  });

  it('a refused buyer (409): no passengers, events or payment are kept', async () => {
    const flight = await createFlight(db, { seats: 1 });
    expect((await book(bookingBody({ flight }))).statusCode).toBe(200);
    const before = await bookingCounts(db);
    executed.length = 0;
    const res = await book(bookingBody({ flight }), buyers[1]);
    expect(res.statusCode, res.body).toBe(409);
    expect(await bookingCounts(db)).toEqual(before);
    // The booking's other rows are written only once its seats are taken.
    for (const table of ['booking_passengers', 'booking_events', 'booking_audit', 'payments', 'sandbox_bank_orders']) {
      expect(statementsOn(table), table).toEqual([]);
    }
  });

  it("a cancellation through the schedule is the next booking's answer at once", async () => {
    const flight = await createFlight(db, { seats: 6 });
    expect((await book(bookingBody({ flight }))).statusCode).toBe(200);
    await app.services.transactions.run((trx) => app.services.schedule.cancel(flight.flightId, null, trx));
    const refused = await book(bookingBody({ flight }), buyers[1]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().messages.en).toBe('The chosen flight has been cancelled: please choose another one');
  });

  it('a sold-out flight (decision 030): after one refusal the next buyers get the same 409 without a write transaction, and a seat given back sells at once', async () => {
    const flight = await createFlight(db, { seats: 1 });
    const first = await book(bookingBody({ flight }));
    expect(first.statusCode, first.body).toBe(200);
    let transactions = app.services.transactions.version;
    const refusedInside = await book(bookingBody({ flight }), buyers[1]);
    expect(refusedInside.statusCode).toBe(409);
    expect(app.services.transactions.version - transactions).toBe(1);

    transactions = app.services.transactions.version;
    executed.length = 0;
    const refusedAtOnce = await book(bookingBody({ flight }), buyers[2]);
    expect(refusedAtOnce.statusCode).toBe(409);
    expect(refusedAtOnce.json()).toEqual(refusedInside.json());
    expect(app.services.transactions.version).toBe(transactions);
    // (Only the caller's token may note its last use: no booking, seat or payment table is touched.)
    expect(executed.filter((s) => /^(insert into|update|delete from) "(?!api_tokens|sessions)/.test(s))).toEqual([]);

    // The first buyer's hold runs out: the sweep gives the seat back, and the next buyer gets it.
    await db
      .updateTable('booking_requests')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', first.json<{ bookingCode: string }>().bookingCode)
      .execute();
    expect(await app.services.requests.sweep()).toBeGreaterThanOrEqual(1);
    const afterRelease = await book(bookingBody({ flight }), buyers[2]);
    expect(afterRelease.statusCode, afterRelease.body).toBe(200);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ capacity: 1, held: 1 });
  });

  it('the bank cannot open a page: 502, and nothing at all is written (no request, seats, payment or order)', async () => {
    const flight = await createFlight(db, { seats: 6 });
    const before = await bookingCounts(db);
    vi.spyOn(app.services.payments, 'open').mockImplementationOnce(() => {
      throw new Error('gateway down');
    });
    const res = await book(bookingBody({ flight }));
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().message_en).toBeTruthy();
    expect(await bookingCounts(db)).toEqual(before);
    expect((await legCounters(db, flight.legIds[0]!))?.held ?? 0).toBe(0);
  });

  it('a crash after the payment rows, before the commit: the whole booking is gone, never a payment without its booking', async () => {
    const flight = await createFlight(db, { seats: 6 });
    const before = await bookingCounts(db);
    const orders = async () => Number((await db.selectFrom('sandbox_bank_orders').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const ordersBefore = await orders();
    // The payment's rows are the booking's last; the crash comes right after them.
    const payments = app.services.payments;
    const real = payments.record.bind(payments);
    let written = false;
    vi.spyOn(payments, 'record').mockImplementationOnce(async (...args) => {
      await real(...args);
      written = true;
      throw new Error('process killed here');
    });
    const res = await book(bookingBody({ flight }));
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(written).toBe(true);
    expect(await bookingCounts(db)).toEqual(before);
    expect(await orders()).toBe(ordersBefore);
    // The seats were never taken: the next buyer gets them.
    const next = await book(
      bookingBody({
        flight,
        paxes: [OWN_PAX, ...otherPaxes(5)],
      }),
      buyers[1],
    );
    expect(next.statusCode, next.body).toBe(200);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 6, sold: 0 });
  });

  it('concurrent return bookings (two flights, three legs): exactly as many as fit, the rest 409, no 5xx; counters equal the holds', async () => {
    const out = await createFlight(db, { seats: 12, legs: VIESTE_LEGS });
    const back = await createFlight(db, { seats: 12, daysAhead: 8, legs: [{ originId: 1511, destinationId: 1349, departs: '17:00', arrives: '17:20' }] });
    const body = bookingBody({ flight: out, comeback: back, paxes: [OWN_PAX, newPax()] });
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => book(body, buyers[i % buyers.length])));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const legId of [...out.legIds, ...back.legIds]) {
      const holds = await db.selectFrom('seat_holds').select('seats').where('flight_leg_id', '=', legId).where('status', '=', 'held').execute();
      expect(await legCounters(db, legId)).toMatchObject({ capacity: 12, held: holds.reduce((n, h) => n + h.seats, 0), sold: 0 });
    }
  });

  it.runIf(pg)('PostgreSQL: a seat row locked past the lock timeout answers 503 with Retry-After, and nothing is written', async () => {
    const flight = await createFlight(db, { seats: 6 });
    expect((await book(bookingBody({ flight }))).statusCode).toBe(200); // the leg's counter row exists from here on
    // An instance of the app whose write transactions wait at most 300 ms for a lock.
    const impatient = await buildApp({ ...config, writeTimeouts: { lockTimeoutMs: 300, statementTimeoutMs: 15_000 } }, { database });
    await impatient.ready();
    const other = new PgClient({ connectionString: config.databaseUrl, options: `-c search_path=${schema}` });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from leg_inventory where flight_leg_id = $1 for update', [flight.legIds[0]]);
      const before = await bookingCounts(db);
      const res = await new Client(impatient).post('/api/bookings', asBuyer(bookingBody({ flight }), buyers[1]!.paxId), { bearer: buyers[1]!.token });
      expect(res.statusCode, res.body).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await bookingCounts(db)).toEqual(before);
    } finally {
      await other.query('rollback');
      await other.end();
      await impatient.close();
    }
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 1 });
  });
});
