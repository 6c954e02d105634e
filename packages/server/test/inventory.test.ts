import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';
import { Transactions } from '../src/db/transaction.ts';
import { InventoryService } from '../src/modules/inventory/service.ts';
import { ShortLegs } from '../src/modules/inventory/short-legs.ts';
import { ScheduleService } from '../src/modules/schedule/service.ts';
import { createUser } from './accounts-support.ts';
import { createFlight, insertBareRequest, legCounters, VIESTE_LEGS } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';

const { db, dialect } = await buildTestApp();
const inventory = new InventoryService(new ScheduleService(db));
const transactions = new Transactions({ db, dialect });
const user = await createUser(db);

const holdOn = async (legIds: number[], flightId: number, seats: number, as: 'held' | 'sold' = 'held') => {
  const requestId = await insertBareRequest(db, user.id, flightId);
  const ok = await transactions.run((trx) =>
    inventory.take(
      trx,
      requestId,
      legIds.map((legId) => ({ legId, seats })),
      as,
      new Date(),
    ),
  );
  return { requestId, ok };
};

describe(`inventory (${dialect})`, () => {
  it('a journey uses only the legs it flies: VIE→TRE takes leg 2 of FOG→VIE→TRE', async () => {
    const f = await createFlight(db, { seats: 6, legs: VIESTE_LEGS });
    expect((await holdOn([f.legIds[1]!], f.flightId, 4)).ok).toBe(true);
    const seats = await inventory.seats(db, f.legIds);
    expect(seats.find((s) => s.legId === f.legIds[0])!.available).toBe(6);
    expect(seats.find((s) => s.legId === f.legIds[1])!.available).toBe(2);
    // A FOG→TRE buyer needs both legs: 3 seats fail on leg 2 and nothing stays taken on leg 1.
    expect((await holdOn(f.legIds, f.flightId, 3)).ok).toBe(false);
    expect((await legCounters(db, f.legIds[0]!))!.held).toBe(0);
    expect((await holdOn(f.legIds, f.flightId, 2)).ok).toBe(true);
    expect((await inventory.seats(db, f.legIds)).map((s) => s.available).sort()).toEqual([0, 4]);
  });

  it('held seats become sold once; release gives back only what is still held, once', async () => {
    const f = await createFlight(db, { seats: 6 });
    const { requestId } = await holdOn(f.legIds, f.flightId, 2);
    expect(await transactions.run((trx) => inventory.sellHeld(trx, requestId, new Date()))).toBe(true);
    expect(await transactions.run((trx) => inventory.sellHeld(trx, requestId, new Date()))).toBe(false);
    expect(await transactions.run((trx) => inventory.release(trx, requestId, new Date()))).toBe(0);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ capacity: 6, sold: 2, held: 0 });

    const other = await holdOn(f.legIds, f.flightId, 3);
    const [a, b] = await Promise.all([
      transactions.run((trx) => inventory.release(trx, other.requestId, new Date())),
      transactions.run((trx) => inventory.release(trx, other.requestId, new Date())),
    ]);
    expect(a + b).toBe(3);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ sold: 2, held: 0 });
  });

  it('the database refuses an oversold leg even if code tried (CHECK constraint)', async () => {
    const f = await createFlight(db, { seats: 2 });
    await holdOn(f.legIds, f.flightId, 2);
    await expect(db.updateTable('leg_inventory').set({ sold: 1 }).where('flight_leg_id', '=', f.legIds[0]!).execute()).rejects.toThrow();
  });

  it('50 concurrent holds on 3 free seats: exactly 3 succeed, counters never exceed capacity', async () => {
    const f = await createFlight(db, { seats: 3, legs: VIESTE_LEGS });
    const results = await Promise.all(Array.from({ length: 50 }, () => holdOn(f.legIds, f.flightId, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    for (const legId of f.legIds) expect(await legCounters(db, legId)).toMatchObject({ capacity: 3, held: 3, sold: 0 });
    const holds = await db.selectFrom('seat_holds').select(['booking_request_id']).where('flight_leg_id', '=', f.legIds[0]!).execute();
    expect(holds).toHaveLength(3);
  });

  it('a refused take is remembered (decision 030), unless its own transaction took those seats and rolls back', async () => {
    const remembering = new InventoryService(new ScheduleService(db), new ShortLegs());
    const f = await createFlight(db, { seats: 2 });
    const needs = (seats: number) => f.legIds.map((legId) => ({ legId, seats }));
    class Undo extends Error {}

    // One transaction takes both seats, is refused a third, then rolls back: the seats were never gone.
    const requestId = await insertBareRequest(db, user.id, f.flightId);
    await expect(
      transactions.run(async (trx) => {
        expect(await remembering.take(trx, requestId, needs(2), 'held', new Date())).toBe(true);
        expect(await remembering.take(trx, requestId, needs(1), 'held', new Date())).toBe(false);
        throw new Undo();
      }),
    ).rejects.toThrow(Undo);
    expect(remembering.knownShort(needs(1))).toBe(false);

    // Another buyer's committed take, then a refusal in a transaction of its own: remembered.
    const first = await insertBareRequest(db, user.id, f.flightId);
    expect(await transactions.run((trx) => remembering.take(trx, first, needs(2), 'held', new Date()))).toBe(true);
    expect(remembering.knownShort(needs(1))).toBe(false);
    const second = await insertBareRequest(db, user.id, f.flightId);
    expect(await transactions.run((trx) => remembering.take(trx, second, needs(1), 'held', new Date()))).toBe(false);
    expect(remembering.knownShort(needs(1))).toBe(true);
    // Its release is a committed change of the leg: forgotten at once.
    expect(await transactions.run((trx) => remembering.release(trx, first, new Date()))).toBe(2);
    expect(remembering.knownShort(needs(1))).toBe(false);
  });
});

/**
 * One app instance as a separate process on the same SQLite file: better-sqlite3 waits for a
 * lock synchronously, so two "instances" must be two processes (as in production), not two
 * connections in this one.
 */
function instance(file: string, flightId: number, legIds: number[], userId: number, attempts: number): Promise<number> {
  const src = (path: string) => JSON.stringify(new URL(path, import.meta.url).pathname);
  const code = `
    import { openDatabase } from ${src('../src/db/database.ts')};
    import { Transactions } from ${src('../src/db/transaction.ts')};
    import { InventoryService } from ${src('../src/modules/inventory/service.ts')};
    import { ScheduleService } from ${src('../src/modules/schedule/service.ts')};
    const h = await openDatabase(${JSON.stringify(`sqlite:${file}`)});
    const inv = new InventoryService(new ScheduleService(h.db));
    const transactions = new Transactions(h);
    class Full extends Error {}
    const one = (i) => transactions.run(async (trx) => {
      const at = new Date().toISOString();
      const code = 'P' + process.pid.toString(36).toUpperCase().slice(-4) + String(i).padStart(3, '0');
      const { id } = await trx.insertInto('booking_requests').values({ code, group_code: code.slice(0, 6), type: 1, status: 'pending', user_id: ${userId}, lang: 'it', channel: 'WEB',
        flight_type: 'OW', origin_id: 1348, destination_id: 1511, departure_flight_id: ${flightId}, comeback_flight_id: null, men: 1, women: 0, children: 0, infants: 0,
        contact_email: 'x@example.com', contact_telephone: '1', coupon_code: null, coupon_perc: 0, tickets_cents: 0, taxes_cents: 0, landing_taxes_cents: 0, grand_total_cents: 0,
        amount_cents: 0, invoice_json: null, forms_json: null, hold_expires_at: at, hold_extended: 0, payment_id: null, bank_message: null, error_code: null, failure_reason: null,
        note: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      if (!(await inv.take(trx, id, ${JSON.stringify(legIds)}.map((legId) => ({ legId, seats: 1 })), 'held', new Date()))) throw new Full();
      return true;
    }).catch((err) => { if (err instanceof Full) return false; throw err; });
    const results = await Promise.all(Array.from({ length: ${attempts} }, (_, i) => one(i)));
    await h.close();
    console.log('HELD=' + results.filter(Boolean).length);
  `;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      resolve(Number(/HELD=(\d+)/.exec(stdout)?.[1] ?? NaN));
    });
  });
}

describe.runIf(dialect === 'sqlite')('inventory across two app instances on one SQLite file', () => {
  it('two processes × 25 concurrent holds on 3 seats: exactly 3 succeed, none fails on a busy lock', async () => {
    const file = join(tmpdir(), `heliline-inv-${randomBytes(4).toString('hex')}.sqlite`);
    const a = await openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(a.db);
      await seed(a, { demo: false });
      const owner = await createUser(a.db);
      const f = await createFlight(a.db, { seats: 3, legs: VIESTE_LEGS });
      const held = await Promise.all([instance(file, f.flightId, f.legIds, owner.id, 25), instance(file, f.flightId, f.legIds, owner.id, 25)]);
      expect(held[0]! + held[1]!).toBe(3);
      for (const legId of f.legIds) expect(await legCounters(a.db, legId)).toMatchObject({ capacity: 3, held: 3 });
      const requests = await a.db.selectFrom('booking_requests').select('id').where('departure_flight_id', '=', f.flightId).execute();
      expect(requests).toHaveLength(3); // the 47 refused transactions were rolled back
    } finally {
      await a.close();
      for (const x of [file, `${file}-wal`, `${file}-shm`]) rmSync(x, { force: true });
    }
  }, 90_000);
});
