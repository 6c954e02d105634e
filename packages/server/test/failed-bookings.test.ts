import { describe, expect, it } from 'vitest';
import { createBuyers, legCounters, payAtBank } from './booking-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp, Client } from './helpers.ts';

const { app, db, dialect } = await buildTestApp();
const [buyer, buyer2] = await createBuyers(app, 2);
const [anna, bruno] = await createBuyers(app, 2, { roles: ['Prenotazioni'] });
const [admin] = await createBuyers(app, 1, { roles: ['Admin'] });
const [cashier] = await createBuyers(app, 1, { roles: ['PagamentoCash'] });

const eventsOf = async (code: string) => {
  const row = await db.selectFrom('booking_requests').select(['id', 'status']).where('code', '=', code).executeTakeFirstOrThrow();
  return { status: row.status, events: await app.services.requests.events(row.id) };
};

describe(`GET /api/bookings-failed (${dialect})`, () => {
  it('lists failed, expired and pending requests of the last 24 h, newest first, with the creator and the flight', async () => {
    const declined = await failedBooking(app, buyer!, 'declined');
    const expired = await failedBooking(app, buyer!, 'expired');
    const pending = await failedBooking(app, buyer2!, 'pending');
    // An old one and a ticketed one are not listed.
    const old = await failedBooking(app, buyer!, 'declined');
    await db
      .updateTable('booking_requests')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('code', '=', old.code)
      .execute();

    const res = await caller(app, anna!).list();
    expect(res.statusCode).toBe(200);
    const codes = res.json().bookings.map((b: { code: string }) => b.code);
    expect(codes.indexOf(pending.code)).toBeLessThan(codes.indexOf(expired.code));
    expect(codes.indexOf(expired.code)).toBeLessThan(codes.indexOf(declined.code));
    expect(codes).not.toContain(old.code);

    const byCode = Object.fromEntries(res.json().bookings.map((b: { code: string }) => [b.code, b]));
    expect(byCode[pending.code]).toMatchObject({
      pending: true,
      state: 'pending',
      user: buyer2!.email,
      flagged: false,
      locked: false,
      in_use_by_user: null,
      createdByMe: false,
    });
    expect(byCode[declined.code]).toMatchObject({ pending: false, state: 'failed', user: buyer!.email });
    expect(byCode[declined.code].error_description).toContain('# 51');
    expect(byCode[expired.code]).toMatchObject({ state: 'expired', error_description: 'Tempo per il pagamento scaduto' });
    expect(byCode[declined.code].departureFlight).toMatchObject({ code: declined.flight.code, source: 'Foggia', destination: 'Isole Tremiti' });
    expect(byCode[declined.code].departureFlight.time).toBe('10:00');
    expect(byCode[declined.code].paxes[0]).toMatchObject({ lastname: 'Rossi', firstname: 'Maria', birthDate: '14/03/1985', category: 'a' });
    expect(byCode[declined.code].contacts).toMatchObject({ email: 'maria.rossi@example.com' });
    expect(byCode[declined.code].amount).toBeGreaterThan(0);
  });

  it('is for staff only: anonymous 401, a buyer or a cashier 403; Admin allowed', async () => {
    expect((await new Client(app).get('/api/bookings-failed')).statusCode).toBe(401);
    expect((await caller(app, buyer!).list()).statusCode).toBe(403);
    expect((await caller(app, cashier!).list()).statusCode).toBe(403);
    expect((await caller(app, admin!).list()).statusCode).toBe(200);
  });
});

describe(`POST /api/bookings/lock (${dialect})`, () => {
  it('select: in use by me; others see it disabled with my e-mail; selecting another releases my first', async () => {
    const one = await failedBooking(app, buyer!, 'declined');
    const two = await failedBooking(app, buyer!, 'declined');
    const res = await caller(app, anna!).lock({ code: one.code, status: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ code: one.code, flagged: true, in_use_by_user: anna!.email, disabled_flag: false });

    const seenByBruno = (await caller(app, bruno!).list()).json().bookings.find((b: { code: string }) => b.code === one.code);
    expect(seenByBruno).toMatchObject({ flagged: false, disabled_flag: true, disabled_lock: true, in_use_by_user: anna!.email });

    await caller(app, anna!).lock({ code: two.code, status: 1 });
    const rows = (await caller(app, anna!).list()).json().bookings;
    expect(rows.find((b: { code: string }) => b.code === one.code)).toMatchObject({ flagged: false, in_use_by_user: null });
    expect(rows.find((b: { code: string }) => b.code === two.code)).toMatchObject({ flagged: true });
    expect((await eventsOf(one.code)).events.map((e) => e.reason)).toEqual(
      expect.arrayContaining(['staff: selected (in use)', 'staff: released (another row selected)']),
    );
  });

  it('someone else’s row: select, release and lock are refused with 409 naming the holder (it/en)', async () => {
    const { code } = await failedBooking(app, buyer!, 'declined');
    await caller(app, anna!).lock({ code, status: true });
    for (const body of [
      { code, status: true },
      { code, status: false },
      { code, locked: true },
    ]) {
      const res = await caller(app, bruno!).lock(body);
      expect(res.statusCode).toBe(409);
      expect(res.json().messages).toEqual({ it: `Prenotazione ${code} in uso da ${anna!.email}`, en: `Booking ${code} in use by ${anna!.email}` });
    }
    // The holder releases it; then Bruno may take it.
    expect((await caller(app, anna!).lock({ code, status: false })).json().booking).toMatchObject({ flagged: false, in_use_by_user: null });
    expect((await caller(app, bruno!).lock({ code, status: true })).statusCode).toBe(200);
  });

  it('two staff selecting one row at once: exactly one wins, the other gets 409', async () => {
    const { code } = await failedBooking(app, buyer!, 'declined');
    const results = await Promise.all([caller(app, anna!).lock({ code, status: true }), caller(app, bruno!).lock({ code, status: true })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? anna! : bruno!;
    const row = await app.db
      .selectFrom('booking_handling as h')
      .innerJoin('booking_requests as r', 'r.id', 'h.booking_request_id')
      .select('h.in_use_by')
      .where('r.code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.in_use_by).toBe(winner.id);
  });

  it('lock and unlock; locking twice is a 409 naming who locked it; a bad body is 422; unknown code 404', async () => {
    const { code } = await failedBooking(app, buyer!, 'declined');
    expect((await caller(app, anna!).lock({ code, locked: true })).json().booking).toMatchObject({ locked: true, locked_by_user: anna!.email });
    const again = await caller(app, bruno!).lock({ code, locked: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`La prenotazione ${code} è già stata bloccata da ${anna!.email}`);
    expect((await caller(app, bruno!).lock({ code, locked: false })).json().booking).toMatchObject({ locked: false });
    expect((await caller(app, anna!).lock({ code })).statusCode).toBe(422);
    expect((await caller(app, anna!).lock({ code: 'not a code', status: true })).statusCode).toBe(422);
    expect((await caller(app, anna!).lock({ code: 'ZZZZZZZZ', status: true })).statusCode).toBe(404);
    expect((await caller(app, buyer!).lock({ code, status: true })).statusCode).toBe(403);
    const log = (await eventsOf(code)).events.map((e) => e.reason);
    expect(log).toEqual(expect.arrayContaining(['staff: locked', 'staff: unlocked']));
  });
});

describe(`PUT /api/bookings-failed/{code} (${dialect})`, () => {
  it('a pending booking: removed (status deleted, not erased) and its seats freed in the same transaction', async () => {
    const { code, flight } = await failedBooking(app, buyer!, 'pending');
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 1 });
    const res = await caller(app, anna!).remove(code, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code, freedSeats: 1, message: "E' stata rimossa e sono stati liberati i relativi posti" });
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0 });
    const log = await eventsOf(code);
    expect(log.status).toBe('deleted');
    expect(log.events.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'deleted', actor: `user:${anna!.id}` });
    expect((await caller(app, anna!).list()).json().bookings.map((b: { code: string }) => b.code)).not.toContain(code);
    // Removing it again: no longer failed.
    expect((await caller(app, anna!).remove(code)).statusCode).toBe(409);
  });

  it('a removed booking paid afterwards on the still-open bank page: refunded, no seats taken, no tickets', async () => {
    const { code, flight, bankLink } = await failedBooking(app, buyer!, 'pending');
    expect((await caller(app, anna!).remove(code, true)).statusCode).toBe(200);
    await payAtBank(app, bankLink, 'approve');
    const log = await eventsOf(code);
    expect(log.status).toBe('refunded');
    expect(log.events.map((e) => e.to_status)).toEqual(expect.arrayContaining(['deleted', 'failed', 'refunded']));
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
    expect(await db.selectFrom('tickets').select('ticket_nr').where('booking_code', '=', code).execute()).toEqual([]);
  });

  it('a failed booking: removed without seats; the notice says so (en too)', async () => {
    const { code } = await failedBooking(app, buyer!, 'declined');
    const client = new Client(app, 'en');
    const res = await client.request({
      method: 'PUT',
      url: `/api/bookings-failed/${code}`,
      payload: { pending: true },
      headers: { authorization: `Bearer ${anna!.token}` },
    });
    expect(res.json()).toMatchObject({ freedSeats: 0, message: 'It has been removed', messages: { it: "E' stata rimossa" } });
  });

  it('refused with 409 when locked or in use by someone else; nothing changes', async () => {
    const { code, flight } = await failedBooking(app, buyer!, 'pending');
    await caller(app, anna!).lock({ code, locked: true });
    const locked = await caller(app, bruno!).remove(code);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().messages.en).toBe(`Booking ${code} is locked by ${anna!.email}: unlock it before removing it`);
    await caller(app, anna!).lock({ code, locked: false, status: true });
    const inUse = await caller(app, bruno!).remove(code);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().messages.en).toBe(`Booking ${code} in use by ${anna!.email}`);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 1 });
    expect((await eventsOf(code)).status).toBe('pending');
    // The holder may remove it.
    expect((await caller(app, anna!).remove(code)).json()).toMatchObject({ freedSeats: 1 });
  });

  it('a lock and a removal at once: either removed while unlocked, or locked and not removed', async () => {
    const { code } = await failedBooking(app, buyer!, 'pending');
    const [lock, remove] = await Promise.all([caller(app, anna!).lock({ code, locked: true }), caller(app, bruno!).remove(code)]);
    const status = (await eventsOf(code)).status;
    if (remove.statusCode === 200) expect(status).toBe('deleted');
    else {
      expect(remove.statusCode).toBe(409);
      expect(lock.statusCode).toBe(200);
      expect(status).toBe('pending');
    }
  });

  it('staff only; unknown code 404; a ticketed booking cannot be removed, selected or locked', async () => {
    const { code } = await failedBooking(app, buyer!, 'declined');
    expect((await caller(app, buyer!).remove(code)).statusCode).toBe(403);
    expect((await new Client(app).put(`/api/bookings-failed/${code}`, { pending: false })).statusCode).toBe(401);
    expect((await caller(app, anna!).remove('ZZZZZZZZ')).statusCode).toBe(404);
    await db.updateTable('booking_requests').set({ status: 'ticketed' }).where('code', '=', code).execute();
    expect((await caller(app, anna!).remove(code)).statusCode).toBe(409);
    expect((await caller(app, anna!).lock({ code, status: true })).statusCode).toBe(409);
    expect((await caller(app, anna!).lock({ code, locked: true })).statusCode).toBe(409);
    // Releasing a row that left the list while selected still works, and answers its status.
    const other = await failedBooking(app, buyer!, 'declined');
    await caller(app, anna!).lock({ code: other.code, status: true });
    await db.updateTable('booking_requests').set({ status: 'ticketed' }).where('code', '=', other.code).execute();
    const released = await caller(app, anna!).lock({ code: other.code, status: false });
    expect(released.statusCode).toBe(200);
    expect(released.json().booking).toMatchObject({ state: 'ticketed', flagged: false });
  });
});

describe('OpenAPI', () => {
  it('documents the failed-bookings and channel-authorisation calls', async () => {
    const paths = (await app.inject({ url: '/api/docs/json' })).json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/bookings-failed',
        '/api/bookings/lock',
        '/api/bookings-failed/{code}',
        '/api/bookings-failed/{code}/payment-link',
        '/api/broadcasting/auth',
      ]),
    );
  });
});
