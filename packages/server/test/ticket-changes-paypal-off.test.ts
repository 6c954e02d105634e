import { describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { createBuyers, createFlight, legCounters, newPax, OWN_PAX } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { api, paidBooking, ticketMark } from './ticket-changes-support.ts';

/**
 * Issue 51 item 2, the operator's opt-out (PAYPAL_ENABLED=false): a customer's change that costs
 * more answers 409 with the booking office's message and writes nothing; changes that cost
 * nothing or refund, and staff payment links, still work; edit mode is told before it builds one.
 */
const { app, db } = await buildTestApp({ paypal: { ...testConfig().paypal, enabled: false } });
const [buyer] = await createBuyers(app, 1);
const [staff] = await createBuyers(app, 1, { roles: ['Prenotazioni'] });
const http = api(app);

const travel = (flightId: number, ticketNr: string) => ({ origin: 1348, destination: 1511, flightId, paxes: [{ ticketNr }] });
const requestCount = async () => Number((await db.selectFrom('booking_requests').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function oneWayForTwo() {
  const flight = await createFlight(db, { daysAhead: 10 });
  return paidBooking(app, buyer!, { flight, paxes: [OWN_PAX, newPax()] });
}

describe('PAYPAL_ENABLED=false', () => {
  it('edit mode is told that differences cannot be paid online', async () => {
    const b = await oneWayForTwo();
    const res = await http.get(`/api/manage-bookings/${b.group}`, buyer!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paidChangesAvailable).toBe(false);
  });

  it('a change that costs more: the preview shows the amount, paying it answers 409 in both languages, nothing written', async () => {
    const b = await oneWayForTwo();
    const target = await createFlight(db, { daysAhead: 12 });
    const body = { travels: [travel(target.flightId, b.tickets[0]!.ticket_nr)] };
    const preview = await http.put(`/api/bookings/${b.group}`, { type: 0, ...body }, buyer!);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().amount).toBeGreaterThan(0);

    const before = { requests: await requestCount(), leg: await legCounters(db, target.legIds[0]!) };
    const paid = await http.put(`/api/bookings/${b.group}`, { type: 1, ...body }, buyer!);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json()).toMatchObject({
      status: 'error',
      messages: {
        it: "Il pagamento di una differenza non è disponibile; contatta l'ufficio prenotazioni.",
        en: 'Paying a difference is not available; contact the booking office.',
      },
    });
    expect({ requests: await requestCount(), leg: await legCounters(db, target.legIds[0]!) }).toEqual(before);
    expect(await ticketMark(app, b.tickets[0]!.ticket_nr)).toBeUndefined();
  });

  it('a cancellation with a refund is applied at once', async () => {
    const b = await oneWayForTwo();
    const res = await http.put(`/api/bookings/${b.group}`, { type: 1, cancellations: [{ ticketNr: b.tickets[1]!.ticket_nr }] }, buyer!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, paypal: false });
    expect(await ticketMark(app, b.tickets[1]!.ticket_nr)).toMatchObject({ kind: 'cancelled' });
  });

  it('staff still send a payment link for the difference (paid at the card gateway)', async () => {
    const b = await oneWayForTwo();
    const target = await createFlight(db, { daysAhead: 13 });
    const res = await http.put(
      `/api/bookings/${b.group}`,
      { type: -1, travels: [travel(target.flightId, b.tickets[0]!.ticket_nr)], contacts: { email_payment_link: 'desk.link@example.com' } },
      staff!,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paypal: false, applied: false, messages: { en: 'Payment link sent to desk.link@example.com' } });
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 1 });
  });
});
