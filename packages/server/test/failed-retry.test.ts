import { describe, expect, it } from 'vitest';
import { createFlight, legCounters } from './booking-support.ts';
import { failedBooking } from './failed-support.ts';
import { buildTestApp } from './helpers.ts';
import { everything, staffClient, staffUsers, storeBody } from './staff-support.ts';

/** Retry (issue 9 item 6): POST /api/bookings with retry, previousBooking, pending. */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const { post } = staffClient(app);
const staff = users.Prenotazioni;

const rowOf = (code: string) => db.selectFrom('booking_requests').select(['id', 'status', 'failure_reason']).where('code', '=', code).executeTakeFirstOrThrow();
const retryBody = (type: -1 | 2, flight: Parameters<typeof storeBody>[1], previousBooking: string, who = staff, pending = true) => ({
  ...storeBody(type, flight, who),
  retry: true,
  previousBooking,
  pending,
});

describe(`retry a booking that did not complete (${dialect})`, () => {
  it('a pending booking on a full flight: its seats move to the new booking in one transaction (type -1 link)', async () => {
    // Two seats, both held by the first booking: a retry that released them in a separate step could not lose them, one that took first could not get them.
    const f = await createFlight(db, { seats: 2 });
    const first = await post('/api/bookings', storeBody(-1, f, staff), staff);
    expect(first.statusCode, first.body).toBe(200);
    const previous = first.json().bookingCode as string;
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 2 });

    const res = await post('/api/bookings', retryBody(-1, f, previous), staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', type: -1, bank_link: null });
    const next = res.json().bookingCode as string;
    expect(next).not.toBe(previous);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 2, sold: 0 });
    expect(await rowOf(previous)).toMatchObject({ status: 'deleted', failure_reason: `retried as ${next}` });
    expect(await rowOf(next)).toMatchObject({ status: 'pending' });
    const events = await app.services.requests.events((await rowOf(previous)).id);
    expect(events.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'deleted', actor: `user:${staff.id}` });
    expect(events.at(-1)!.reason).toContain('2 seat(s) passed on');
    // Retrying the same booking again: it is closed now.
    expect((await post('/api/bookings', retryBody(-1, f, previous), staff)).statusCode).toBe(409);
  });

  it('a declined booking: the new one takes fresh seats; the old one leaves the failed list', async () => {
    const f = await createFlight(db, { seats: 4 });
    const first = await post('/api/bookings', storeBody(-1, f, staff), staff);
    const previous = first.json().bookingCode as string;
    await app.services.requests.handleOutcome({
      paymentId: 'none',
      gateway: 'sandbox',
      reference: previous,
      status: 'declined',
      amountCents: 0,
      bankMessage: 'Negata',
      errorCode: '05',
    });
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0 });
    const res = await post('/api/bookings', retryBody(-1, f, previous, staff, false), staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 2 });
    expect((await rowOf(previous)).status).toBe('deleted');
    const list = await app.inject({ method: 'GET', url: '/api/bookings-failed', headers: { authorization: `Bearer ${staff.token}` } });
    expect(list.json().bookings.map((b: { code: string }) => b.code)).not.toContain(previous);
  });

  it('the new booking cannot get its seats (other flight full): 409, the previous booking keeps its seats and status', async () => {
    const f = await createFlight(db, { seats: 4 });
    const full = await createFlight(db, { seats: 1 });
    const first = await post('/api/bookings', storeBody(-1, f, staff), staff);
    const previous = first.json().bookingCode as string;
    const before = await everything(db);
    const res = await post('/api/bookings', retryBody(-1, full, previous), staff);
    expect(res.statusCode).toBe(409);
    expect(await rowOf(previous)).toMatchObject({ status: 'pending' });
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 2 });
    expect(await everything(db)).toEqual(before);
  });

  it('only Prenotazioni and PrenotaFull, only on their own bookings: others 403 / 404, nothing written', async () => {
    const f = await createFlight(db, { seats: 6 });
    const own = (await post('/api/bookings', storeBody(-1, f, staff), staff)).json().bookingCode as string;
    const byBuyer = await failedBooking(app, users.buyer, 'declined');
    const before = await everything(db);
    // PrenotaFull on Prenotazioni's booking: not theirs.
    expect((await post('/api/bookings', retryBody(-1, f, own, users.PrenotaFull), users.PrenotaFull)).statusCode).toBe(404);
    // Prenotazioni on a buyer's booking: not theirs.
    expect((await post('/api/bookings', retryBody(-1, f, byBuyer.code), staff)).statusCode).toBe(404);
    // Admin (cash) may not retry.
    expect((await post('/api/bookings', retryBody(2, f, own, users.Admin), users.Admin)).statusCode).toBe(403);
    // A buyer retrying her own declined booking by card: not a staff retry.
    const buyerRetry = { ...storeBody(1, f, users.buyer), retry: true, previousBooking: byBuyer.code };
    expect((await post('/api/bookings', buyerRetry, users.buyer)).statusCode).toBe(403);
    expect((await post('/api/bookings', retryBody(-1, f, 'ZZZZZZZZ'), staff)).statusCode).toBe(404);
    expect(await everything(db)).toEqual(before);
    expect((await rowOf(own)).status).toBe('pending');
  });
});
