import { describe, expect, it } from 'vitest';
import { createBuyers, createFlight, legCounters, newPax, OWN_PAX } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { api, approveAtPaypal, groupTickets, paidBooking, ticketMark } from './ticket-changes-support.ts';

const { app, db } = await buildTestApp();
const [buyer, stranger] = await createBuyers(app, 2);
const http = api(app);

/** A round trip for two (Maria and Luca): outbound in 5 days, return in 8, low-season prices on both legs. */
async function roundTrip() {
  const out = await createFlight(db, { daysAhead: 5 });
  const back = await createFlight(db, { daysAhead: 8, legs: [{ originId: 1511, destinationId: 1349, departs: '17:00', arrives: '17:20' }] });
  const booking = await paidBooking(app, buyer!, { flight: out, comeback: back, paxes: [OWN_PAX, newPax()] });
  return { out, back, ...booking };
}

const moveBody = (type: 0 | 1, ticketNr: string, flight: { flightId: number }, extra: Record<string, unknown> = {}) => ({
  type,
  travels: [{ origin: 1511, destination: 1349, flightId: flight.flightId, paxes: [{ ticketNr }] }],
  ...extra,
});

describe('GET /api/manage-bookings/{code}', () => {
  it('the owner gets every ticket of the booking and its journeys as slots; someone else gets 404', async () => {
    const b = await roundTrip();
    const res = await http.get(`/api/manage-bookings/${b.group}`, buyer!);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.bookings).toHaveLength(4);
    expect(body.travels).toHaveLength(2);
    expect(body.travels[0].paxes).toHaveLength(2);
    // Each with the gender the booking recorded (Maria F, Luca M): the slot's flight search counts men and women.
    expect(body.travels.map((t: { paxes: { gender: string | null }[] }) => t.paxes.map((p) => p.gender))).toEqual([
      ['F', 'M'],
      ['F', 'M'],
    ]);
    // A customer sees the refund policy's settings: 5 days before take-off, half the ticket.
    expect(body.bookings[0]).toMatchObject({ cancelled: false, movedOn: 0, editable: true, paymentType: 1, refunded_perc: 50, refunded_tax: true, ticket: 31.75 });
    expect(body.bookings[0].editable_until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await http.get(`/api/manage-bookings/${b.code}`, stranger!)).statusCode).toBe(404);
    expect((await http.get(`/api/manage-bookings/${b.group}`, stranger!)).statusCode).toBe(404);
    expect((await http.put(`/api/bookings/${b.group}`, moveBody(0, b.tickets[1]!.ticket_nr, b.back), stranger!)).statusCode).toBe(404);
  });
});

describe('moving one passenger of a round trip to a later flight, paid through the PayPal stand-in', () => {
  it('previews, holds, pays the difference, issues the new ticket and moves the seats; a replayed capture changes nothing', async () => {
    const b = await roundTrip();
    // Maria's return (direction c) moves to a high-season flight: the fare difference + 3 € admin fee.
    const maria = b.tickets.find((t) => t.passenger_key === '1' && t.direction === 'c')!;
    const later = await createFlight(db, { date: '2027-07-20', legs: [{ originId: 1511, destinationId: 1349, departs: '18:00', arrives: '18:20' }] });
    const preview = await http.put(`/api/bookings/${b.group}`, moveBody(0, maria.ticket_nr, later), buyer!);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      status: 'success',
      paypal: false,
      bookingRequestUuid: null,
      costs: { ticket: 31.75, adminFee: 3, adminFeeCheck: true, total: 34.75 },
    });
    expect(preview.json().rows.filter((r: { id: number }) => r.id < 0)).toHaveLength(1);
    expect(await legCounters(db, later.legIds[0]!)).toBeUndefined();

    const res = await http.put(`/api/bookings/${b.group}`, moveBody(1, maria.ticket_nr, later), buyer!);
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json();
    expect(change).toMatchObject({ paypal: true, amount: 34.75, applied: false });
    expect(await legCounters(db, later.legIds[0]!)).toMatchObject({ held: 1, sold: 0 });
    expect((await http.get(`/api/manage-bookings/${b.group}`, buyer!)).json().bookings[0].paymentType).toBe(12);
    expect((await http.get(`/api/bookings-requests/retrieve-status?bookingRequestUuid=${change.bookingRequestUuid}&paymentType=1`, buyer!)).json()).toMatchObject({
      status: true,
      type: 0,
    });

    const order = await http.post(
      '/api/paypal/api/orders',
      { bookingRequestUuid: change.bookingRequestUuid, cart: [{ amount: { currency_code: 'EUR', value: '0.01' } }] },
      buyer!,
    );
    expect(order.statusCode, order.body).toBe(200);
    const back = await approveAtPaypal(app, order.json().approveLink, 'approve');
    expect(back.pathname).toBe('/my-tickets');
    expect(back.searchParams.get('token')).toBe(order.json().id);
    const captured = await http.post(`/api/paypal/api/orders/${order.json().id}/capture`, {}, buyer!);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({ status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { value: '34.75' } }] } }] });

    const mark = await ticketMark(app, maria.ticket_nr);
    expect(mark).toMatchObject({ kind: 'moved' });
    const replacement = await db.selectFrom('tickets').selectAll().where('ticket_nr', '=', mark!.moved_to!).executeTakeFirstOrThrow();
    expect(replacement).toMatchObject({
      flight_id: later.flightId,
      passenger_key: '1',
      direction: 'c',
      ticket_cents: 6350,
      lastname: maria.lastname,
      ticket_nr_inv: maria.ticket_nr_inv,
    });
    const outbound = await db.selectFrom('tickets').select('ticket_nr_inv').where('ticket_nr', '=', maria.ticket_nr_inv!).executeTakeFirstOrThrow();
    expect(outbound.ticket_nr_inv).toBe(replacement.ticket_nr);
    expect(await legCounters(db, later.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
    expect(await legCounters(db, b.back.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
    expect((await http.get(`/api/bookings-requests/retrieve-status?bookingRequestUuid=${change.bookingRequestUuid}`, buyer!)).json()).toMatchObject({
      status: true,
      type: 1,
    });

    // The same capture again (a double click, a retried request): same answer, one set of tickets.
    const before = (await groupTickets(app, b.group)).length;
    const again = await http.post(`/api/paypal/api/orders/${order.json().id}/capture`, {}, buyer!);
    expect(again.statusCode).toBe(200);
    expect(again.json().purchase_units[0].payments.captures[0].id).toBe(captured.json().purchase_units[0].payments.captures[0].id);
    expect((await groupTickets(app, b.group)).length).toBe(before);
    expect(await legCounters(db, later.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
    // The moved ticket can no longer be moved.
    const twice = await http.put(`/api/bookings/${b.group}`, moveBody(0, maria.ticket_nr, later), buyer!);
    expect(twice.statusCode).toBe(422);
  });

  it('INSTRUMENT_DECLINED at capture keeps the old tickets; a new order approved with another instrument succeeds', async () => {
    const b = await roundTrip();
    const luca = b.tickets.find((t) => t.passenger_key === '2' && t.direction === 'c')!;
    const later = await createFlight(db, { date: '2027-07-21', legs: [{ originId: 1511, destinationId: 1349, departs: '18:00', arrives: '18:20' }] });
    const change = (await http.put(`/api/bookings/${b.group}`, moveBody(1, luca.ticket_nr, later), buyer!)).json();
    const first = (await http.post('/api/paypal/api/orders', { bookingRequestUuid: change.bookingRequestUuid }, buyer!)).json();
    await approveAtPaypal(app, first.approveLink, 'decline-instrument');
    const declined = await http.post(`/api/paypal/api/orders/${first.id}/capture`, {}, buyer!);
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ status: 'INSTRUMENT_DECLINED', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    expect(await ticketMark(app, luca.ticket_nr)).toBeUndefined();
    expect(await legCounters(db, later.legIds[0]!)).toMatchObject({ held: 1, sold: 0 });

    const second = (await http.post('/api/paypal/api/orders', { bookingRequestUuid: change.bookingRequestUuid }, buyer!)).json();
    expect(second.id).not.toBe(first.id);
    await approveAtPaypal(app, second.approveLink, 'approve');
    const ok = await http.post(`/api/paypal/api/orders/${second.id}/capture`, {}, buyer!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await ticketMark(app, luca.ticket_nr)).toMatchObject({ kind: 'moved' });
  });
});
