import { describe, expect, it, vi } from 'vitest';
import { requestRefundOfPayment } from '../src/modules/refunds/ledger.ts';
import { createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { cancelAs, linksTo, visitor } from './cancellations-support.ts';
import { buildTestApp } from './helpers.ts';
import { approvedPaypalChange, paidBooking } from './ticket-changes-support.ts';

/**
 * The worker as the app wires it (services.ts): refunds the product writes through the ledger
 * reach the gateway that took the money at the next sweep — the sandbox bank for a card-paid
 * booking, the in-app PayPal stand-in for a paid change — and the customer gets the e-mail.
 */
const { app, db, dialect, config } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);
const [admin] = await createBuyers(app, 1, { roles: ['Admin'] });
const { sweeper, payments } = app.services;

const refundsOf = (group: string) => db.selectFrom('refunds').selectAll().where('group_code', '=', group).execute();
const sentMails = (to: string) => db.selectFrom('mail_outbox').select(['subject', 'text']).where('kind', '=', 'refund-sent').where('to_address', '=', to).execute();

describe(`refunds sent by the sweep (${dialect})`, () => {
  it('a weather-cancellation refund of a card payment: the sweep sends it to the sandbox bank, whose order page lists it', async () => {
    const flight = await createFlight(db, { seats: 6, daysAhead: 7 });
    const b = await paidBooking(app, buyer!, { flight, paxes: [OWN_PAX, newPax()] });
    const email = `sent-${b.group.toLowerCase()}@example.com`;
    await db.updateTable('tickets').set({ contact_email: email }).where('booking_code', '=', b.code).execute();
    expect((await cancelAs(app, admin!.token, { flightId: flight.flightId, reason: 'Vento forte' })).statusCode).toBe(200);
    const [token] = await linksTo(app, email);
    expect((await visitor(app).choose(token!, { choice: 'refund' })).statusCode).toBe(200);
    const [pending] = await refundsOf(b.group);
    expect(pending).toMatchObject({ source: 'sandbox', state: 'pending' });

    await sweeper.runOnce();
    const [sent] = await refundsOf(b.group);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
    const payment = (await payments.get(sent!.source_ref))!;
    expect(await payments.bank.refunds(payment.gateway_order_id!)).toMatchObject([{ id: sent!.gateway_refund_id, amount_cents: sent!.amount_cents }]);
    const mails = await sentMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(b.group);
    // Swept again: nothing more is sent.
    await sweeper.runOnce();
    expect(await payments.bank.refunds(payment.gateway_order_id!)).toHaveLength(1);
    expect(await sentMails(email)).toHaveLength(1);
  });

  it('part of a PayPal capture refunded: the sweep refunds it at the in-app PayPal stand-in, and the row is confirmed with its id', async () => {
    const { booking, order, http } = await approvedPaypalChange(app, buyer!, '2027-08-03');
    const captured = await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!);
    expect(captured.statusCode, captured.body).toBe(200);
    const paypalOrder = await db.selectFrom('paypal_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(paypalOrder.status).toBe('COMPLETED');
    const part = Math.floor(paypalOrder.amount_cents / 2);
    await app.services.transactions.run((trx) =>
      requestRefundOfPayment(trx, {
        groupCode: booking.group,
        amountCents: part,
        reason: 'change-not-applied',
        causeRef: null,
        requestedBy: 'system',
        lang: 'en',
        email: 'paypal-buyer@example.com',
        payment: { source: 'paypal', sourceRef: order.id },
      }),
    );
    await sweeper.runOnce();
    const row = (await refundsOf(booking.group)).find((r) => r.source === 'paypal')!;
    expect(row).toMatchObject({ state: 'confirmed', amount_cents: part });

    // PayPal's own record of it, read through its API as a merchant would.
    const basic = Buffer.from(`${config.paypal.clientId}:${config.paypal.clientSecret}`).toString('base64');
    const tokenRes = await app.inject({
      method: 'POST',
      url: '/paypal-standin/v1/oauth2/token',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    const bearer = { authorization: `Bearer ${tokenRes.json().access_token}` };
    const refund = await app.inject({ method: 'GET', url: `/paypal-standin/v2/payments/refunds/${row.gateway_refund_id}`, headers: bearer });
    expect(refund.json()).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'EUR', value: (part / 100).toFixed(2) } });
    const capture = await app.inject({ method: 'GET', url: `/paypal-standin/v2/payments/captures/${paypalOrder.capture_id}`, headers: bearer });
    expect(capture.json()).toMatchObject({ status: 'PARTIALLY_REFUNDED' });
    expect((await sentMails('paypal-buyer@example.com'))[0]!.text).toContain('to your PayPal account');
  });

  it('in a running server the commit that writes a refund wakes the worker: sent without waiting for a sweep', async () => {
    const worker = app.services.refundWorker;
    worker.listen();
    try {
      const flight = await createFlight(db, { seats: 6, daysAhead: 8 });
      const b = await paidBooking(app, buyer!, { flight, paxes: [OWN_PAX] });
      const email = `woken-${b.group.toLowerCase()}@example.com`;
      await db.updateTable('tickets').set({ contact_email: email }).where('booking_code', '=', b.code).execute();
      expect((await cancelAs(app, admin!.token, { flightId: flight.flightId, reason: 'Nebbia' })).statusCode).toBe(200);
      const [token] = await linksTo(app, email);
      expect((await visitor(app).choose(token!, { choice: 'refund' })).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await refundsOf(b.group))[0]).toMatchObject({ state: 'sent' }), { timeout: 5_000, interval: 20 });
    } finally {
      await worker.stop();
    }
  });
});
