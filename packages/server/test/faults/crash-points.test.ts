import { describe, expect, it } from 'vitest';
import { asBuyer, bookingBody, createBuyers, createFlight, legCounters } from '../booking-support.ts';
import { buildTestApp, Client } from '../helpers.ts';

/**
 * The exact moments a kill -9 can hit between two commits of a payment, replayed one by one
 * (the random kills of kill-restart.test.ts rarely land on them). After the crash the sweeper
 * must finish the job: never money without tickets, never seats lost.
 */
const { app, db, dialect } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);
const client = new Client(app);
const { payments, sweeper } = app.services;

async function pendingBooking() {
  const flight = await createFlight(db);
  const res = await client.post('/api/bookings', asBuyer(bookingBody({ flight }), buyer!.paxId), { bearer: buyer!.token });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().bookingCode;
  const payment = await db.selectFrom('payments').selectAll().where('reference', '=', code).executeTakeFirstOrThrow();
  return { code, flight, payment, orderId: payment.gateway_order_id! };
}

const bookingStatus = async (code: string) => (await db.selectFrom('booking_requests').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;
const ticketCount = async (code: string) =>
  Number((await db.selectFrom('tickets').select(db.fn.countAll<number>().as('n')).where('booking_code', '=', code).executeTakeFirstOrThrow()).n);
const holdEnds = (code: string) =>
  db
    .updateTable('booking_requests')
    .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('code', '=', code)
    .execute();

describe(`crash points of a payment (${dialect})`, () => {
  it('killed after the bank decided, before its notification reached us: the sweeper asks the bank and issues the tickets', async () => {
    const { code, flight, orderId } = await pendingBooking();
    expect(await payments.bank.decide(orderId, { kind: 'approve' })).toBe('decided');
    await sweeper.runOnce();
    expect(await bookingStatus(code)).toBe('ticketed');
    expect(await ticketCount(code)).toBe(1);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
  });

  it('same, a decline: the sweeper records the failure and gives the seat back', async () => {
    const { code, flight, orderId, payment } = await pendingBooking();
    await payments.bank.decide(orderId, { kind: 'decline', code: '51' });
    await sweeper.runOnce();
    expect(await bookingStatus(code)).toBe('failed');
    expect((await payments.get(payment.id))?.status).toBe('declined');
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
  });

  it('killed after the payment was recorded approved, before the booking heard: its hold is not simply expired, it is ticketed', async () => {
    const { code, flight, orderId, payment } = await pendingBooking();
    await payments.bank.decide(orderId, { kind: 'approve' });
    // The notify transaction committed; the process died before the outcome handler ran.
    await db.updateTable('payments').set({ status: 'approved', completed_at: new Date().toISOString() }).where('id', '=', payment.id).execute();
    await holdEnds(code);
    await sweeper.runOnce();
    expect(await bookingStatus(code)).toBe('ticketed');
    expect(await ticketCount(code)).toBe(1);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
  });

  it('killed after the booking failed for lost seats, before the refund: the sweeper gives the money back', async () => {
    const { code, orderId, payment } = await pendingBooking();
    await payments.bank.decide(orderId, { kind: 'approve' });
    // What the outcome transaction commits when the seats are gone; the refund call never ran.
    await db.updateTable('payments').set({ status: 'approved', completed_at: new Date().toISOString() }).where('id', '=', payment.id).execute();
    await db
      .updateTable('booking_requests')
      .set({ status: 'failed', failure_reason: 'seats lost after payment', payment_id: payment.id })
      .where('code', '=', code)
      .execute();
    const requestId = (await db.selectFrom('booking_requests').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    await app.services.inventory.release(db, requestId, new Date());
    await sweeper.runOnce();
    expect(await bookingStatus(code)).toBe('refunded');
    // The whole payment is in the refund ledger, once, for the refund worker to send.
    const refunds = await db.selectFrom('refunds').selectAll().where('source_ref', '=', payment.id).execute();
    expect(refunds).toMatchObject([{ amount_cents: payment.amount_cents, reason: 'booking-failed' }]);
    await sweeper.runOnce();
    expect(await db.selectFrom('refunds').selectAll().where('source_ref', '=', payment.id).execute()).toHaveLength(1);
    expect(await ticketCount(code)).toBe(0);
  });

  it('a page still open is left alone until its hold ends, then the seats go back', async () => {
    const { code, flight } = await pendingBooking();
    await sweeper.runOnce();
    expect(await bookingStatus(code)).toBe('pending');
    await holdEnds(code);
    await sweeper.runOnce();
    expect(await bookingStatus(code)).toBe('expired');
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
  });
});
