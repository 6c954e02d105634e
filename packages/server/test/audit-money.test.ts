import { describe, expect, it } from 'vitest';
import { auditActions } from './audit-support.ts';
import { asBuyer, bookingBody, createBuyers, createFlight, newPax, OWN_PAX, payAtBank } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { api, approveAtPaypal, paidBooking } from './ticket-changes-support.ts';

/** The audit rows of the money paths: a refund after an approval with no seats, a change paid through PayPal. */
const { app, db, dialect } = await buildTestApp();
const [buyer, other] = await createBuyers(app, 2);
const http = api(app);

describe(`booking audit: money paths (${dialect})`, () => {
  it('approved after the hold expired and the seats were sold: failed (bank), then refunded (system)', async () => {
    const f = await createFlight(db, { seats: 1 });
    const first = (await new Client(app).post('/api/bookings', asBuyer(bookingBody({ flight: f }), buyer!.paxId), { bearer: buyer!.token })).json();
    await app.services.requests.expireNow(first.bookingCode);
    await app.services.requests.sweep();
    expect((await new Client(app).post('/api/bookings', asBuyer(bookingBody({ flight: f }), other!.paxId), { bearer: other!.token })).statusCode).toBe(200);
    await payAtBank(app, first.bank_link, 'approve');
    const log = await auditActions(app, first.bookingCode);
    expect(log.map((e) => e.action)).toEqual(['created', 'expired', 'failed', 'refunded']);
    expect(log[2]).toMatchObject({ by: 'bank:sandbox', detail: { status: { from: 'expired', to: 'failed' } } });
    expect(log[3]).toMatchObject({ by: 'system', detail: { status: { from: 'failed', to: 'refunded' } } });
  });

  it('a move paid through PayPal: recorded by the buyer, applied by the capture, the moved ticket in its own booking’s log', async () => {
    const b = await paidBooking(app, buyer!, { flight: await createFlight(db, { daysAhead: 6 }), paxes: [OWN_PAX, newPax()] });
    const ticket = b.tickets[0]!;
    const later = await createFlight(db, { daysAhead: 12 });
    const change = await http.put(
      `/api/bookings/${b.group}`,
      { type: 1, travels: [{ origin: 1348, destination: 1511, flightId: later.flightId, paxes: [{ ticketNr: ticket.ticket_nr }] }] },
      buyer!,
    );
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({ paypal: true, applied: false });
    const order = await http.post('/api/paypal/api/orders', { bookingRequestUuid: change.json().bookingRequestUuid }, buyer!);
    await approveAtPaypal(app, order.json().approveLink, 'approve');
    expect((await http.post(`/api/paypal/api/orders/${order.json().id}/capture`, {}, buyer!)).statusCode).toBe(200);

    const code = change.json().bookingCode as string;
    const changeLog = await auditActions(app, code);
    expect(changeLog).toMatchObject([
      { action: 'changeRecorded', by: buyer!.id },
      { action: 'changeApplied', by: 'paypal', detail: { moved: 1, cancelled: 0 } },
    ]);
    expect((await auditActions(app, b.code)).at(-1)).toMatchObject({
      action: 'ticketMoved',
      ticket: ticket.ticket_nr,
      by: 'paypal',
      detail: { change: code, to_flight: later.code },
    });
  });
});
