import { romeDateTimeToUtc, saleClosesAt, toWireDate } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { ReadChanges } from '../src/modules/cache/changes.ts';
import { ReadCache } from '../src/modules/cache/read-cache.ts';
import { InProcessBus } from '../src/modules/realtime/bus.ts';
import { FlightSearchService } from '../src/modules/booking/search/service.ts';
import type { InventoryService } from '../src/modules/inventory/service.ts';
import { TimetableService } from '../src/modules/timetable/service.ts';
import { createFlight, insertBareRequest, type TestFlight } from './booking-support.ts';
import { buildTestApp, secondInstance } from './helpers.ts';
import { staffClient, staffUsers, storeBody, type Who } from './staff-support.ts';

/**
 * Cached reads (decision 020): the flight search and the departure board keep their answers
 * until a committed write changes what they were read from, or time does (a cut-off, a
 * take-off). Every test first warms the cache, so a stale entry would be what it answers.
 */
const { app, db, dialect, config } = await buildTestApp();
const users = await staffUsers(app);
const { post } = staffClient(app);
const { services } = app;

interface FlightRow {
  flightId: number;
  availableSeats: number;
  bookable: boolean;
  info?: { held: number; sold: number; blocked: number };
}
const searchUrl = (f: TestFlight, men = 1) => `/api/flights?origin=1348&destination=1511&departureDate=${toWireDate(f.date)}&men=${men}`;
const flights = async (f: TestFlight, who: Who | null = null, men = 1, on = app) => {
  const res = await on.inject({ url: searchUrl(f, men), headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().flights as FlightRow[];
};
const row = async (f: TestFlight, who: Who | null = null, men = 1, on = app) => (await flights(f, who, men, on)).find((x) => x.flightId === f.flightId);
const holdTwo = async (f: TestFlight) => {
  const res = await post('/api/bookings', storeBody(1, f, users.buyer), users.buyer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().bookingCode as string;
};
const requestId = async (code: string) => (await db.selectFrom('booking_requests').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe(`flight search cache, seats (${dialect})`, () => {
  it('a hold takes its seats out of the next search at once; its expiry gives them back', async () => {
    const f = await createFlight(db, { seats: 2 });
    expect(await row(f, null, 2)).toMatchObject({ availableSeats: 2, bookable: true });
    const code = await holdTwo(f);
    expect(await row(f, null, 2)).toMatchObject({ availableSeats: 0, bookable: false });
    await services.requests.expireNow(code);
    await services.requests.sweep();
    expect(await row(f, null, 2)).toMatchObject({ availableSeats: 2, bookable: true });
  });

  it('a sale moves held seats to sold in the staff view; a release gives held seats back', async () => {
    const f = await createFlight(db, { seats: 5, daysAhead: 6 });
    expect((await row(f, users.Admin))!.info).toMatchObject({ held: 0, sold: 0 });
    const sold = await requestId(await holdTwo(f));
    expect((await row(f, users.Admin))!.info).toMatchObject({ held: 2, sold: 0 });
    await services.transactions.run((trx) => services.inventory.sellHeld(trx, sold, new Date()));
    expect(await row(f, users.Admin)).toMatchObject({ availableSeats: 3, info: { held: 0, sold: 2 } });
    const released = await requestId(await holdTwo(f));
    expect((await row(f))!.availableSeats).toBe(1);
    await services.transactions.run((trx) => services.inventory.release(trx, released, new Date()));
    expect((await row(f))!.availableSeats).toBe(3);
  });

  it('a staff block takes seats out; removing it gives them back', async () => {
    const f = await createFlight(db, { seats: 3, daysAhead: 9 });
    expect((await row(f))!.availableSeats).toBe(3);
    const block = await post('/api/bookings', storeBody(4, f, users.Prenotazioni), users.Prenotazioni);
    expect(block.statusCode, block.body).toBe(200);
    expect((await row(f))!.availableSeats).toBe(1);
    const removed = await post('/api/rem-blocco-posti', { bookingCode: block.json().bookingCode }, users.Prenotazioni);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await row(f))!.availableSeats).toBe(3);
  });

  it('a rolled-back write leaves the cached answer as it was (nothing to drop, nothing stale)', async () => {
    const f = await createFlight(db, { seats: 4, daysAhead: 7 });
    expect((await row(f))!.availableSeats).toBe(4);
    const id = await insertBareRequest(db, users.buyer.id, f.flightId);
    const before = services.readChanges.generation;
    await expect(
      services.transactions.run(async (trx) => {
        await services.inventory.take(trx, id, [{ legId: f.legIds[0]!, seats: 3 }], 'held', new Date());
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');
    expect(services.readChanges.generation).toBe(before);
    expect((await row(f))!.availableSeats).toBe(4);
  });
});

describe(`flight search cache, flights and time (${dialect})`, () => {
  it('a flight moved inside its cut-off leaves the cached search (schedule write)', async () => {
    const f = await createFlight(db, { daysAhead: 3 });
    expect(await row(f)).toBeDefined();
    const moved = await post('/api/dev/flight-departure', { flightId: f.flightId, inMinutes: 60 }, null);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await row(f)).toBeUndefined();
  });

  it('a flight past its cut-off is gone from the cached answer with no write at all', async () => {
    const f = await createFlight(db, { daysAhead: 4 });
    const closes = saleClosesAt(1348, 1511, romeDateTimeToUtc(f.date, '10:00')).getTime();
    const search = (now: number) =>
      services.search.searchJson({ originId: 1348, destinationId: 1511, date: f.date, seats: 1, roles: [], lang: 'it', now: new Date(now) });
    const ids = async (now: number) => (JSON.parse(await search(now)) as { flights: FlightRow[] }).flights.map((x) => x.flightId);
    expect(await ids(closes - 1000)).toContain(f.flightId);
    const generation = services.readChanges.generation;
    expect(await ids(closes)).toContain(f.flightId);
    expect(await ids(closes + 1)).not.toContain(f.flightId);
    expect(services.readChanges.generation).toBe(generation);
  });

  it('role views never leak: a staff answer (extra flights, Info) is never served to a buyer, nor the reverse', async () => {
    const f = await createFlight(db, { daysAhead: 11 });
    const extra = await createFlight(db, { date: f.date, extra: true });
    const staffIds = (await flights(f, users.Admin)).map((x) => x.flightId);
    expect(staffIds).toEqual(expect.arrayContaining([f.flightId, extra.flightId]));
    const anonymous = await flights(f);
    const buyer = await flights(f, users.buyer);
    for (const list of [anonymous, buyer]) {
      expect(list.map((x) => x.flightId)).not.toContain(extra.flightId);
      expect(list.every((x) => x.info === undefined)).toBe(true);
    }
    expect((await flights(f, users.PrenotaFull)).find((x) => x.flightId === f.flightId)!.info).toBeDefined();
  });
});

describe(`repeated searches answered by their address (${dialect})`, () => {
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('remembers public answers by address, never a staff one, and forgets them with the cache', async () => {
    const f = await createFlight(db, { seats: 2, daysAhead: 15 });
    const url = searchUrl(f);
    const remembered = (lang: 'it' | 'en' = 'it') => services.search.publicAnswerOf(url, lang, Date.now());
    expect((await get(url, { authorization: `Bearer ${users.Admin.token}` })).statusCode).toBe(200);
    expect(remembered()).toBeUndefined();
    const res = await get(url);
    expect(remembered()).toBe(res.body);
    expect(remembered('en')).toBeUndefined();
    await holdTwo(f);
    expect(remembered()).toBeUndefined();
  });

  it('a staff caller asking the address an anonymous search made gets the staff view, and the reverse', async () => {
    const f = await createFlight(db, { daysAhead: 12 });
    const extra = await createFlight(db, { date: f.date, extra: true });
    for (let i = 0; i < 2; i++) expect((await flights(f)).map((x) => x.flightId)).not.toContain(extra.flightId);
    const staff = await flights(f, users.Admin);
    expect(staff.map((x) => x.flightId)).toContain(extra.flightId);
    expect(staff.find((x) => x.flightId === f.flightId)!.info).toBeDefined();
    const after = await flights(f);
    expect(after.map((x) => x.flightId)).not.toContain(extra.flightId);
    expect(after.every((x) => x.info === undefined)).toBe(true);
  });

  it('the same address in the other language gets that language', async () => {
    const f = await createFlight(db, { daysAhead: 13 });
    const it1 = await get(searchUrl(f), { 'x-locale': 'it' });
    const en = await get(searchUrl(f), { 'x-locale': 'en' });
    const it2 = await get(searchUrl(f), { 'x-locale': 'it' });
    expect(en.body).toContain('Tremiti Islands');
    expect(it1.body).not.toContain('Tremiti Islands');
    expect(it2.body).toBe(it1.body);
  });

  it('an address that was refused stays refused, and one answered stays checked: a sold seat leaves its next answer', async () => {
    const f = await createFlight(db, { seats: 2, daysAhead: 14 });
    for (let i = 0; i < 2; i++) expect((await get(`${searchUrl(f)}&men=x`)).statusCode).toBe(422);
    const reverse = `${searchUrl(f)}&reverse=1`;
    for (let i = 0; i < 2; i++) expect((await get(reverse)).statusCode).toBe(422);
    expect(await row(f, null, 2)).toMatchObject({ availableSeats: 2 });
    expect(await row(f, null, 2)).toMatchObject({ availableSeats: 2 });
    await holdTwo(f);
    expect(await row(f, null, 2)).toMatchObject({ availableSeats: 0, bookable: false });
  });
});

describe(`a read racing a write (${dialect})`, () => {
  it('a search that read the seats before a hold committed answers its caller but is not kept', async () => {
    const f = await createFlight(db, { seats: 4, daysAhead: 13 });
    let gate: Promise<void> = Promise.resolve();
    let readDone = () => {};
    const counted = new Promise<void>((resolve) => (readDone = resolve));
    // The search's seat read runs, then waits at the gate while a hold commits.
    const inventory = {
      seatsOf: async (...args: Parameters<InventoryService['seatsOf']>) => {
        const seats = await services.inventory.seatsOf(...args);
        readDone();
        await gate;
        return seats;
      },
    } as unknown as InventoryService;
    const search = new FlightSearchService({ db, schedule: services.schedule, inventory, changes: services.readChanges });
    const available = async (json: Promise<string>) =>
      (JSON.parse(await json) as { flights: FlightRow[] }).flights.find((x) => x.flightId === f.flightId)!.availableSeats;
    const input = { originId: 1348, destinationId: 1511, date: f.date, seats: 1, roles: [], lang: 'it' as const, now: new Date() };

    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const racing = search.searchJson(input);
    await Promise.race([counted, racing]);
    const id = await insertBareRequest(db, users.buyer.id, f.flightId);
    await services.transactions.run((trx) => services.inventory.take(trx, id, [{ legId: f.legIds[0]!, seats: 3 }], 'held', new Date()));
    open();
    expect(await available(racing)).toBe(4);
    expect(await available(search.searchJson(input))).toBe(1);
  });

  it('the cache keeps an answer only if no change since its read started touched what it read', async () => {
    const changes = new ReadChanges();
    const cache = new ReadCache<string>(changes, { ttlMs: 60_000, maxEntries: 10 });
    const sources = { legs: [7], schedule: true };
    let finish = (_: string) => {};
    const first = cache.get('k', 0, () => new Promise((resolve) => (finish = (value) => resolve({ value, sources, changesAt: null }))));
    changes.seatsChanged([8]);
    // Another leg changed meanwhile: a new caller does not share the read, but the read is still good to keep.
    const second = cache.get('k', 0, async () => ({ value: 'second', sources, changesAt: null }));
    finish('first');
    expect([await first, await second]).toEqual(['first', 'second']);
    expect(cache.lookup('k', 1)).toBe('second');

    let late = (_: string) => {};
    const racing = cache.get('j', 0, () => new Promise((resolve) => (late = (value) => resolve({ value, sources, changesAt: null }))));
    changes.seatsChanged([7]);
    late('old');
    expect(await racing).toBe('old');
    expect(cache.lookup('j', 1)).toBeUndefined();
    changes.scheduleChanged();
    expect(cache.lookup('k', 1)).toBeUndefined();
  });
});

describe('a bus that stops hearing the other instances', () => {
  it('drops every cached answer, keeps none while deaf, and drops again when hearing resumes', async () => {
    let hearing: (on: boolean) => void = () => {};
    const bus = Object.assign(new InProcessBus(), {
      onHearing: (listener: (on: boolean) => void) => ((hearing = listener), () => undefined),
    });
    const changes = new ReadChanges();
    changes.connect(bus, app.log);
    const cache = new ReadCache<string>(changes, { ttlMs: 60_000, maxEntries: 10 });
    const sources = { legs: [7], schedule: true };
    expect(await cache.get('k', 0, async () => ({ value: 'before', sources, changesAt: null }))).toBe('before');
    expect(cache.lookup('k', 1)).toBe('before');

    hearing(false);
    expect(cache.lookup('k', 1)).toBeUndefined();
    expect(await cache.get('k', 1, async () => ({ value: 'while deaf', sources, changesAt: null }))).toBe('while deaf');
    expect(cache.lookup('k', 2)).toBeUndefined();

    let finish = (_: string) => {};
    const straddling = cache.get('j', 2, () => new Promise((resolve) => (finish = (value) => resolve({ value, sources, changesAt: null }))));
    hearing(true);
    finish('read while deaf, answered after');
    expect(await straddling).toBe('read while deaf, answered after');
    expect(cache.lookup('j', 3)).toBeUndefined();
    expect(await cache.get('k', 3, async () => ({ value: 'after', sources, changesAt: null }))).toBe('after');
    expect(cache.lookup('k', 4)).toBe('after');
  });
});

describe(`departure board cache (${dialect})`, () => {
  it('moves on when the flight takes off, and on a change of flights, with no stale answer kept', async () => {
    const changes = new ReadChanges();
    let now = new Date();
    const board = new TimetableService(services.schedule, () => now, changes);
    const first = await board.nextFlight('it');
    const [takeOff] = await services.schedule.nextPublicFlight(now.toISOString());
    const takeOffMs = Date.parse(takeOff!.departs_at);
    now = new Date(takeOffMs);
    expect(await board.nextFlight('it')).toMatchObject({ flightCode: first.flightCode, secondsToNextFlight: 0 });
    now = new Date(takeOffMs + 1);
    const next = await board.nextFlight('it');
    expect(next.flightCode === first.flightCode && next.nextFlightTime === first.nextFlightTime).toBe(false);

    // A flight written by hand (no report) stays unseen until a change of flights is reported.
    const soon = await createFlight(db, { daysAhead: 1, code: 'LID977' });
    await db
      .updateTable('flight_legs')
      .set({ departs_at: new Date(now.getTime() + 60_000).toISOString() })
      .where('id', '=', soon.legIds[0]!)
      .execute();
    expect((await board.nextFlight('it')).flightCode).toBe(next.flightCode);
    changes.scheduleChanged();
    expect(await board.nextFlight('it')).toMatchObject({ flightCode: 'LID977', secondsToNextFlight: 60 });
    await db.deleteFrom('flight_legs').where('id', '=', soon.legIds[0]!).execute();
    await db.deleteFrom('flights').where('id', '=', soon.flightId).execute();
  });

  it('the JSON it sends counts down second by second, per language, and follows a change of flights', async () => {
    const changes = new ReadChanges();
    const [takeOff] = await services.schedule.nextPublicFlight(new Date().toISOString());
    const takeOffMs = Date.parse(takeOff!.departs_at);
    let now = new Date(takeOffMs - 90_000);
    const board = new TimetableService(services.schedule, () => now, changes);
    const seconds = async (lang: 'it' | 'en' = 'it') => JSON.parse(await board.nextFlightJson(lang)).secondsToNextFlight as number;
    expect(await seconds()).toBe(90);
    now = new Date(takeOffMs - 89_001);
    expect(await seconds()).toBe(89);
    expect(await seconds('en')).toBe(89);
    expect(JSON.parse(await board.nextFlightJson('en')).displayMessage).toBe(JSON.parse(await board.nextFlightJson('en')).displayMessages.en);
    now = new Date(takeOffMs - 88_999);
    expect(await seconds()).toBe(88);

    const sooner = await createFlight(db, { daysAhead: 1, code: 'LID978' });
    await db
      .updateTable('flight_legs')
      .set({ departs_at: new Date(now.getTime() + 30_000).toISOString() })
      .where('id', '=', sooner.legIds[0]!)
      .execute();
    changes.scheduleChanged();
    expect(JSON.parse(await board.nextFlightJson('it'))).toMatchObject({ flightCode: 'LID978', secondsToNextFlight: 30 });
    await db.deleteFrom('flight_legs').where('id', '=', sooner.legIds[0]!).execute();
    await db.deleteFrom('flights').where('id', '=', sooner.flightId).execute();
  });
});

describe.skipIf(dialect !== 'postgres')('across instances (postgres)', () => {
  it("a hold on instance 1 leaves instance 2's cached search within a second (PG NOTIFY), well before the ceiling", async () => {
    const second = await secondInstance({ db, config });
    try {
      const f = await createFlight(db, { seats: 2, daysAhead: 14 });
      expect((await row(f, null, 1, second.app))!.availableSeats).toBe(2);
      expect((await row(f, null, 1, second.app))!.availableSeats).toBe(2);
      const started = Date.now();
      await holdTwo(f);
      let seen = 2;
      while (seen !== 0 && Date.now() - started < 1000) {
        seen = (await row(f, null, 1, second.app))!.availableSeats;
        if (seen !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toBe(0);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });
});
