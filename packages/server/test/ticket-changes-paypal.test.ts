import { describe, expect, it } from 'vitest';
import { type HttpTransport, PaypalApiError, PaypalClient, approveLinkOf, completedCapture } from '../src/modules/payments/paypal/client.ts';
import { createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { api, approveAtPaypal, approvedPaypalChange, paidBooking } from './ticket-changes-support.ts';

const { app, db, config } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);

/** The stand-in through app.inject, counting the calls per path. */
function countingTransport() {
  const calls: string[] = [];
  const transport: HttpTransport = async (r) => {
    const url = new URL(r.url);
    calls.push(`${r.method} ${url.pathname}`);
    const res = await app.inject({ method: r.method, url: url.pathname + url.search, headers: r.headers, ...(r.body === undefined ? {} : { payload: r.body }) });
    return { status: res.statusCode, body: res.body };
  };
  return { calls, transport };
}

const orderInput = (requestId: string) => ({
  requestId,
  referenceId: 'ABCDEF23',
  description: 'Heliline test',
  amountCents: 3475,
  returnUrl: `${config.appUrl}/my-tickets?paypal=approved`,
  cancelUrl: `${config.appUrl}/my-tickets?paypal=cancelled`,
  locale: 'en-GB' as const,
});

describe('PaypalClient against the stand-in', () => {
  it('caches the OAuth token until shortly before it expires', async () => {
    let now = Date.now();
    const { calls, transport } = countingTransport();
    const client = new PaypalClient({ ...config.paypal, transport, now: () => now });
    await client.createOrder(orderInput('k-1'));
    await client.createOrder(orderInput('k-2'));
    expect(calls.filter((c) => c.endsWith('/oauth2/token'))).toHaveLength(1);
    now += 32_400 * 1000; // the token's lifetime
    await client.createOrder(orderInput('k-3'));
    expect(calls.filter((c) => c.endsWith('/oauth2/token'))).toHaveLength(2);
  });

  it('wrong credentials are refused by the token endpoint', async () => {
    const client = new PaypalClient({ ...config.paypal, clientSecret: 'wrong', transport: countingTransport().transport });
    await expect(client.createOrder(orderInput('k-x'))).rejects.toMatchObject({ httpStatus: 401, issue: 'invalid_client' });
  });

  it('create is idempotent by PayPal-Request-Id; capture: not approved, completed, already captured, replay', async () => {
    const client = new PaypalClient({ ...config.paypal, transport: countingTransport().transport });
    const order = await client.createOrder(orderInput('same-key'));
    expect((await client.createOrder(orderInput('same-key'))).id).toBe(order.id);
    expect(order.status).toBe('CREATED');
    const notApproved = await client.captureOrder(order.id, 'c-1').catch((e: unknown) => e);
    expect(notApproved).toBeInstanceOf(PaypalApiError);
    expect(notApproved).toMatchObject({ httpStatus: 422, issue: 'ORDER_NOT_APPROVED' });

    await approveAtPaypal(app, approveLinkOf(order)!, 'approve');
    const done = await client.captureOrder(order.id, 'c-2');
    expect(completedCapture(done)).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '34.75' } });
    expect(completedCapture(await client.captureOrder(order.id, 'c-2'))!.id).toBe(completedCapture(done)!.id);
    await expect(client.captureOrder(order.id, 'c-3')).rejects.toMatchObject({ httpStatus: 422, issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('the approve page is bilingual and cancel goes back to the cancel URL', async () => {
    const client = new PaypalClient({ ...config.paypal, transport: countingTransport().transport });
    const order = await client.createOrder(orderInput('page-key'));
    const link = new URL(approveLinkOf(order)!);
    const en = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('Approve and pay');
    const it = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}&lang=it` });
    expect(it.body).toContain('Approva e paga');
    const back = await approveAtPaypal(app, link.toString(), 'cancel');
    expect(back.searchParams.get('paypal')).toBe('cancelled');
  });
});

describe('our PayPal routes', () => {
  it('a capture before approval is refused (422) and the change stays payable', async () => {
    const flight = await createFlight(db, { daysAhead: 10 });
    const b = await paidBooking(app, buyer!, { flight, paxes: [OWN_PAX, newPax()] });
    const target = await createFlight(db, { date: '2027-07-25' });
    const http = api(app);
    const change = (
      await http.put(
        `/api/bookings/${b.group}`,
        { type: 1, travels: [{ origin: 1348, destination: 1511, flightId: target.flightId, paxes: [{ ticketNr: b.tickets[0]!.ticket_nr }] }] },
        buyer!,
      )
    ).json();
    const order = (await http.post('/api/paypal/api/orders', { bookingRequestUuid: change.bookingRequestUuid }, buyer!)).json();
    const early = await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ status: 'ORDER_NOT_APPROVED', messages: { en: 'Sorry, your transaction could not be processed...' } });
    const row = await db.selectFrom('booking_requests').select('status').where('code', '=', change.bookingCode).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    await approveAtPaypal(app, order.approveLink, 'approve');
    expect((await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!)).statusCode).toBe(200);
    expect((await http.post('/api/paypal/api/orders/NOSUCHORDER01/capture', {}, buyer!)).statusCode).toBe(404);
  });
});

describe('a capture whose change can no longer be applied', () => {
  it('answers 409, fails the request with the reason (refund due) and gives the held seats back', async () => {
    const { booking: b, target, ticketNr, change, order, http } = await approvedPaypalChange(app, buyer!, '2027-07-26');
    // Meanwhile the ticket was changed by other means (a mark the applying transaction finds).
    const requestId = (await db.selectFrom('booking_requests').select('id').where('code', '=', change.bookingCode).executeTakeFirstOrThrow()).id;
    const at = new Date().toISOString();
    const original = (await db.selectFrom('booking_requests').select('id').where('code', '=', b.code).executeTakeFirstOrThrow()).id;
    await db
      .insertInto('ticket_changes')
      .values({
        ticket_nr: ticketNr,
        change_request_id: original,
        kind: 'cancelled',
        moved_to: null,
        paid_cents: 0,
        refund_cents: 0,
        refunded_perc: 0,
        refunded_fee_cents: 0,
        refunded_tax: 0,
        refunded_landing_fee: 0,
        created_at: at,
      })
      .execute();
    const res = await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!);
    expect(res.statusCode).toBe(409);
    const row = await db.selectFrom('booking_requests').select(['status', 'failure_reason']).where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/refund due/);
    expect(await db.selectFrom('leg_inventory').select(['held', 'sold']).where('flight_leg_id', '=', target.legIds[0]!).executeTakeFirst()).toMatchObject({
      held: 0,
      sold: 0,
    });
    expect((await db.selectFrom('tickets').select('ticket_nr').where('booking_code', '=', change.bookingCode).execute()).length).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents the my-tickets change calls and hides the stand-in', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/manage-bookings/{code}',
      '/api/bookings/{code}',
      '/api/bookings-requests/retrieve-status',
      '/api/paypal/api/orders',
      '/api/paypal/api/orders/{orderID}/capture',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/paypal-standin'))).toBe(false);
  });
});
