import { describe, expect, it } from 'vitest';
import { createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { staffClient, staffUsers, storeBody } from './staff-support.ts';

/** GET /api/admin/bookings/{code}/audit: the staff who manage bookings read it; nobody else. */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const { get, post } = staffClient(app);
const auditRows = async () => Number((await db.selectFrom('booking_audit').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe(`GET /api/admin/bookings/{code}/audit (${dialect})`, () => {
  it('Admin, Prenotazioni and PrenotaFull read it; the buyer who owns it, Prenota, cashiers and agencies 403; anonymous 401', async () => {
    const f = await createFlight(db);
    const code = (await post('/api/bookings', storeBody(1, f, users.buyer), users.buyer)).json().bookingCode as string;
    for (const who of [users.Admin, users.Prenotazioni, users.PrenotaFull]) {
      const res = await get(`/api/admin/bookings/${code}/audit`, who);
      expect(res.statusCode, who.name).toBe(200);
      expect(res.json()).toMatchObject({
        code,
        entries: [{ action: 'created', actor: 'user', actor_user_id: users.buyer.id, actor_email: users.buyer.email, ticket_nr: null }],
      });
    }
    for (const who of [users.buyer, users.Prenota, users.PagamentoCash, users.PagamentoAgenzia, users.agency]) {
      const res = await get(`/api/admin/bookings/${code}/audit`, who);
      expect(res.statusCode, who.name).toBe(403);
      expect(res.body).not.toContain(users.buyer.email);
    }
    expect((await new Client(app).get(`/api/admin/bookings/${code}/audit`)).statusCode).toBe(401);
  });

  it('an unknown code is 404, a malformed one 422', async () => {
    expect((await get('/api/admin/bookings/ZZZZZZ99/audit', users.Admin)).statusCode).toBe(404);
    expect((await get('/api/admin/bookings/nope/audit', users.Admin)).statusCode).toBe(422);
  });

  it('is written in the change’s transaction: a retry whose new booking cannot take its seats (409) leaves the previous booking and its log as they were', async () => {
    const f = await createFlight(db, { seats: 2 });
    const staff = users.Prenotazioni;
    const previous = (await post('/api/bookings', storeBody(-1, f, staff), staff)).json().bookingCode as string;
    const before = await auditRows();
    // closePrevious() writes its 'retried' row before the three seats are refused: the rollback must take it away.
    const body = { ...storeBody(-1, f, staff, { paxes: [OWN_PAX, newPax(), newPax({ firstname: 'Piero' })] }), retry: true, previousBooking: previous, pending: true };
    const res = await post('/api/bookings', body, staff);
    expect(res.statusCode, res.body).toBe(409);
    expect(await auditRows()).toBe(before);
    expect((await get(`/api/admin/bookings/${previous}/audit`, users.Admin)).json().entries.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'paymentLinkSent',
    ]);
  });
});
