import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { asBuyer, bookingBody, type BodyOptions, type Buyer, createFlight, newPax, OWN_PAX, payAtBank } from './booking-support.ts';
import { Client } from './helpers.ts';

/** Shared fixtures of the ticket-changes tests: a paid booking with its tickets, and the PayPal stand-in walked like a browser. */

const as = (who: { token: string }) => ({ bearer: who.token });

export function api(app: FastifyInstance) {
  const client = new Client(app);
  return {
    get: (url: string, who: { token: string }) => client.get(url, { headers: { authorization: `Bearer ${who.token}` } }),
    put: (url: string, body: unknown, who: { token: string }) => client.put(url, body, as(who)),
    post: (url: string, body: unknown, who: { token: string }) => client.post(url, body, as(who)),
  };
}

/** Books and pays at the sandbox bank: the group code and its tickets, outbound before return. */
export async function paidBooking(app: FastifyInstance, buyer: Buyer, options: BodyOptions) {
  const http = api(app);
  const res = await http.post('/api/bookings', asBuyer(bookingBody(options), buyer.paxId), buyer);
  expect(res.statusCode, res.body).toBe(200);
  await payAtBank(app, res.json().bank_link, 'approve');
  const code: string = res.json().bookingCode;
  const tickets = await app.db.selectFrom('tickets').selectAll().where('booking_code', '=', code).orderBy('passenger_key').orderBy('direction', 'desc').execute();
  expect(tickets.length).toBeGreaterThan(0);
  return { code, group: code.slice(0, 6), tickets };
}

/** The stand-in's approve page, then the buyer's choice: the redirect back to us (Location). */
export async function approveAtPaypal(app: FastifyInstance, approveLink: string, choice: 'approve' | 'decline-instrument' | 'cancel') {
  const url = new URL(approveLink);
  const page = await app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toContain('name="choice"');
  const res = await app.inject({
    method: 'POST',
    url: '/paypal-standin/checkoutnow',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: url.searchParams.get('token')!, choice }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string);
}

export async function ticketMark(app: FastifyInstance, ticketNr: string) {
  return app.db.selectFrom('ticket_changes').selectAll().where('ticket_nr', '=', ticketNr).executeTakeFirst();
}

export async function groupTickets(app: FastifyInstance, group: string) {
  return app.db.selectFrom('tickets').selectAll().where('booking_code', 'like', `${group}__`).execute();
}

/** A paid two-passenger booking whose first ticket moves to a new flight on `date`, paid with PayPal: the order approved, not yet captured. */
export async function approvedPaypalChange(app: FastifyInstance, buyer: Buyer, date: string) {
  const flight = await createFlight(app.db, { daysAhead: 10 });
  const b = await paidBooking(app, buyer, { flight, paxes: [OWN_PAX, newPax()] });
  const target = await createFlight(app.db, { date });
  const http = api(app);
  const ticketNr = b.tickets[0]!.ticket_nr;
  const change = (
    await http.put(`/api/bookings/${b.group}`, { type: 1, travels: [{ origin: 1348, destination: 1511, flightId: target.flightId, paxes: [{ ticketNr }] }] }, buyer)
  ).json();
  const order = (await http.post('/api/paypal/api/orders', { bookingRequestUuid: change.bookingRequestUuid }, buyer)).json();
  await approveAtPaypal(app, order.approveLink, 'approve');
  return { booking: b, target, ticketNr, change, order, http };
}
