import { describe, expect, it } from 'vitest';
import { createBuyers, legCounters } from '../booking-support.ts';
import { buildTestApp } from '../helpers.ts';
import { approvedPaypalChange } from '../ticket-changes-support.ts';
import { INTERRUPTED_CAPTURE_MS } from '../../src/modules/ticket-changes/checkout.ts';

/**
 * A ticket change paid with PayPal whose process died mid-capture stays 'paying' with its new
 * seats held. The sweeper asks PayPal (the in-app stand-in here): captured → the change is
 * applied; not captured → back to pending, and the hold's end releases the seats.
 */
const { app, db, dialect } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);
const { sweeper, paypal } = app.services;

/** A change to a new flight, its PayPal order approved by the buyer, then the process "dies" with the request 'paying'. */
async function changeCutShort(date: string) {
  const { change, order, target, ticketNr } = await approvedPaypalChange(app, buyer!, date);
  const since = new Date(Date.now() - INTERRUPTED_CAPTURE_MS - 1000).toISOString();
  await db.updateTable('booking_requests').set({ status: 'paying', updated_at: since }).where('code', '=', change.bookingCode).execute();
  return { code: change.bookingCode as string, orderId: order.id as string, target, ticketNr };
}

const statusOf = async (code: string) => (await db.selectFrom('booking_requests').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;

describe(`a ticket change cut short mid-capture (${dialect})`, () => {
  it('captured at PayPal before the crash: the sweeper applies the change and issues the new ticket once', async () => {
    const { code, orderId, target } = await changeCutShort('2027-08-02');
    // The dead process had reached PayPal: the money is taken, our rows never heard.
    await paypal.captureOrder(orderId, `capture-${orderId}`);
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 1, sold: 0 });
    await sweeper.runOnce();
    expect(await statusOf(code)).toBe('ticketed');
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
    const order = await db.selectFrom('paypal_orders').select(['status', 'capture_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('COMPLETED');
    expect(order.capture_id).toBeTruthy();
    const issued = await db.selectFrom('tickets').select('ticket_nr').where('flight_id', '=', target.flightId).execute();
    expect(issued).toHaveLength(1);
    // A second sweep finds nothing left to settle.
    await sweeper.runOnce();
    expect(await db.selectFrom('tickets').select('ticket_nr').where('flight_id', '=', target.flightId).execute()).toHaveLength(1);
  });

  it('not captured: back to pending (the buyer may still pay), and the seats go back when the hold ends', async () => {
    const { code, target } = await changeCutShort('2027-08-03');
    await sweeper.runOnce();
    expect(await statusOf(code)).toBe('pending');
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 1, sold: 0 });
    await db
      .updateTable('booking_requests')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', code)
      .execute();
    await sweeper.runOnce();
    expect(await statusOf(code)).toBe('expired');
    expect(await legCounters(db, target.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
  });

  it('a capture still running (recently paying) is left alone', async () => {
    const { code } = await changeCutShort('2027-08-04');
    await db.updateTable('booking_requests').set({ updated_at: new Date().toISOString() }).where('code', '=', code).execute();
    await sweeper.runOnce();
    expect(await statusOf(code)).toBe('paying');
  });
});
