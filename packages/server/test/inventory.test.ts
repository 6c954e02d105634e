import { describe, expect, it } from 'vitest';
import { InventoryService } from '../src/modules/inventory/service.ts';
import { createUser } from './accounts-support.ts';
import { createFlight, insertBareRequest, legCounters, VIESTE_LEGS } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';

const { db, dialect } = await buildTestApp();
const inventory = new InventoryService({ db, dialect });
const user = await createUser(db);

const holdOn = async (legIds: number[], flightId: number, seats: number, as: 'held' | 'sold' = 'held') => {
  const requestId = await insertBareRequest(db, user.id, flightId);
  const ok = await inventory.writeTransaction((trx) => inventory.take(trx, requestId, legIds.map((legId) => ({ legId, seats })), as, new Date()));
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
    expect(await inventory.writeTransaction((trx) => inventory.sellHeld(trx, requestId, new Date()))).toBe(true);
    expect(await inventory.writeTransaction((trx) => inventory.sellHeld(trx, requestId, new Date()))).toBe(false);
    expect(await inventory.writeTransaction((trx) => inventory.release(trx, requestId, new Date()))).toBe(0);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ capacity: 6, sold: 2, held: 0 });

    const other = await holdOn(f.legIds, f.flightId, 3);
    const [a, b] = await Promise.all([
      inventory.writeTransaction((trx) => inventory.release(trx, other.requestId, new Date())),
      inventory.writeTransaction((trx) => inventory.release(trx, other.requestId, new Date())),
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
});
