import { encodeBookingStatusParam, toWireDate } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { createFlight, newPax } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { staffClient, staffUsers, storeBody } from './staff-support.ts';

/** GET /api/admin/bookings (issue 9 item 7) and the staff part of GET /api/flights (item 5). */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const { post, get } = staffClient(app);

type Row = { code: string; status: string; statusParam: string; paxes: { fullname: string; tickets: string[] }[]; tickets: string[]; paidBy: string | null };
const list = async (query = '', who = users.Admin) => {
  const res = await get(`/api/admin/bookings${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { bookings: Row[]; pagination: Record<string, number | null> };
};

describe(`GET /api/admin/bookings (${dialect})`, () => {
  it('Admin, Prenotazioni, PrenotaFull only; others 403, visitors 401', async () => {
    for (const who of [users.Admin, users.Prenotazioni, users.PrenotaFull]) expect((await get('/api/admin/bookings', who)).statusCode, who.name).toBe(200);
    for (const who of [users.buyer, users.agency, users.Prenota, users.PagamentoCash, users.PagamentoAgenzia]) {
      expect((await get('/api/admin/bookings', who)).statusCode, who.name).toBe(403);
    }
    expect((await get('/api/admin/bookings', null)).statusCode).toBe(401);
  });

  it('rows carry what the status link and the PDFs need; filters by code, name, status and date', async () => {
    const f = await createFlight(db, { daysAhead: 20 });
    const g = await createFlight(db, { daysAhead: 21 });
    const paid = (
      await post(
        '/api/bookings',
        storeBody(2, f, users.PagamentoCash, { paxes: [newPax({ lastname: 'Zanardelli', gender: 'F', firstname: 'Eva' })] }),
        users.PagamentoCash,
      )
    ).json();
    const pending = (await post('/api/bookings', storeBody(-1, g, users.Prenotazioni), users.Prenotazioni)).json();
    const row = (await list(`?code=${paid.bookingCode}`)).bookings;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({
      code: paid.bookingCode,
      status: 'ticketed',
      statusParam: encodeBookingStatusParam(paid.bookingCode),
      paidBy: users.PagamentoCash.email,
    });
    expect(row[0]!.tickets).toHaveLength(1);
    expect(row[0]!.paxes[0]).toMatchObject({ fullname: 'Eva Zanardelli', tickets: row[0]!.tickets });
    // The staff user opens the receipt of a booking someone else made.
    expect((await get(`/api/booking-status?code=${row[0]!.statusParam}`, users.Prenotazioni)).json()).toMatchObject({ status: 1 });

    expect((await list('?name=zanard')).bookings.map((b) => b.code)).toEqual([paid.bookingCode]);
    expect((await list(`?date=${toWireDate(g.date)}`)).bookings.map((b) => b.code)).toEqual([pending.bookingCode]);
    const pendings = (await list('?status=pending')).bookings;
    expect(pendings.map((b) => b.code)).toContain(pending.bookingCode);
    expect(pendings.every((b) => b.status === 'pending')).toBe(true);
    expect((await get('/api/admin/bookings?status=nonsense', users.Admin)).statusCode).toBe(422);
    expect((await get('/api/admin/bookings?date=2026-01-01', users.Admin)).statusCode).toBe(422);
  });

  it('25 a page, newest first, with the pagination block', async () => {
    const f = await createFlight(db, { seats: 90, daysAhead: 25 });
    const made: string[] = [];
    for (let i = 0; i < 27; i++) made.push((await post('/api/bookings', storeBody(4, f, users.Admin), users.Admin)).json().bookingCode);
    const total = (await list()).pagination.total!;
    const first = await list();
    expect(first.bookings).toHaveLength(25);
    expect(first.bookings.slice(0, 3).map((b) => b.code)).toEqual(made.slice(-3).reverse());
    expect(first.pagination).toEqual({ current_page: 1, last_page: Math.ceil(total / 25), from: 1, to: 25, total, per_page: 25 });
    const second = await list('?page=2');
    expect(second.pagination).toMatchObject({ current_page: 2, from: 26 });
    expect(second.bookings[0]!.code).not.toBe(first.bookings[24]!.code);
    const empty = await list('?page=999');
    expect(empty).toMatchObject({ bookings: [], pagination: { from: null, to: null } });
  });
});

describe(`GET /api/flights for staff (${dialect})`, () => {
  it('staff get extra flights and the Info column; others (and visitors) never', async () => {
    const f = await createFlight(db, { daysAhead: 30, extra: true, code: 'LID901' });
    const url = `/api/flights?origin=Foggia&destination=Tremiti&departureDate=${toWireDate(f.date)}&men=1`;
    const find = async (who: (typeof users)[keyof typeof users] | null) =>
      ((await get(url, who)).json().flights as { flightId: number; info?: unknown }[]).find((x) => x.flightId === f.flightId);
    for (const who of [users.Admin, users.Prenotazioni, users.PrenotaFull]) {
      const mine = await find(who);
      expect(mine, who.name).toMatchObject({ extra: true, info: { capacity: 6, sold: 0 } });
    }
    for (const who of [null, users.buyer, users.agency, users.Prenota, users.PagamentoCash]) expect(await find(who), who?.name ?? 'visitor').toBeUndefined();
  });
});
