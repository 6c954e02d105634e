import { describe, expect, it } from 'vitest';
import { bookingBody, createBuyers, createFlight, newPax, OWN_PAX, asBuyer } from '../booking-support.ts';
import { buildTestApp, Client } from '../helpers.ts';
import { NOTIFY_PATH, SIGNATURE_HEADER } from '../../src/modules/payments/signature.ts';

/**
 * Issue 11, item 6: the bank's notification of one approved payment delivered 100 times in a
 * row and 50 times at once, through the real notify endpoint. Whatever the order, the booking
 * gets one ticket set, one ticket mail and one payment state change.
 */
const { app, db, dialect } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);
const client = new Client(app);
const { payments } = app.services;

/** A booking with two passengers, round trip, approved at the bank; its notification not yet delivered. */
async function approvedBooking(contactEmail: string) {
  const f = await createFlight(db);
  const back = await createFlight(db, { daysAhead: 8, legs: [{ originId: 1511, destinationId: 1349, departs: '17:00', arrives: '17:20' }] });
  const body = bookingBody({ flight: f, comeback: back, paxes: [OWN_PAX, newPax()], form: { contacts: { email: contactEmail, telephone: '+39 333 1234567' } } });
  const res = await client.post('/api/bookings', asBuyer(body, buyer!.paxId), { bearer: buyer!.token });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().bookingCode;
  const payment = await db.selectFrom('payments').selectAll().where('reference', '=', code).executeTakeFirstOrThrow();
  expect(await payments.bank.decide(payment.gateway_order_id!, { kind: 'approve' })).toBe('decided');
  const notification = (await payments.bank.notificationFor(payment.gateway_order_id!))!;
  return { code, paymentId: payment.id, notification };
}

const deliver = (n: { raw: string; signature: string }) =>
  app.inject({ method: 'POST', url: NOTIFY_PATH, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature }, payload: n.raw });

async function count(table: 'tickets' | 'mail_outbox' | 'payment_events' | 'payment_notifications' | 'booking_events', column: string, value: string) {
  const row = await db
    .selectFrom(table)
    .select(db.fn.countAll<number>().as('n'))
    .where(column as never, '=', value as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What must exist exactly once after any number of deliveries. */
async function expectSettledOnce(code: string, paymentId: string, contactEmail: string) {
  const request = await db.selectFrom('booking_requests').select(['id', 'status']).where('code', '=', code).executeTakeFirstOrThrow();
  expect(request.status).toBe('ticketed');
  // 2 passengers × 2 journeys, issued once.
  expect(await count('tickets', 'booking_code', code)).toBe(4);
  expect(await count('mail_outbox', 'to_address', contactEmail)).toBe(1);
  const paymentEvents = await db.selectFrom('payment_events').select('kind').where('payment_id', '=', paymentId).execute();
  expect(paymentEvents.map((e) => e.kind)).toEqual(['created', 'approved']);
  expect(await count('payment_notifications', 'payment_id', paymentId)).toBe(1);
  const bookingEvents = await db.selectFrom('booking_events').select(['from_status', 'to_status']).where('booking_request_id', '=', request.id).orderBy('id').execute();
  expect(bookingEvents.map((e) => `${e.from_status}→${e.to_status}`)).toEqual(['null→pending', 'pending→paid', 'paid→ticketed']);
}

describe(`payment notification replayed (${dialect})`, () => {
  it('100 deliveries in a row: one ticket set, one mail, one payment state change', async () => {
    const email = 'replay.serial@example.com';
    const { code, paymentId, notification } = await approvedBooking(email);
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) answers.push((await deliver(notification)).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
    await expectSettledOnce(code, paymentId, email);
  }, 60_000);

  it('50 deliveries at once: one records it, all answer 200, one ticket set and one mail', async () => {
    const email = 'replay.concurrent@example.com';
    const { code, paymentId, notification } = await approvedBooking(email);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(notification)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.json().replay === false)).toHaveLength(1);
    await expectSettledOnce(code, paymentId, email);
  }, 60_000);
});
