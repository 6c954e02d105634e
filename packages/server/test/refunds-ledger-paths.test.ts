import { describe, expect, it } from 'vitest';
import { requestRefund } from '../src/modules/refunds/ledger.ts';
import { asBuyer, bookingBody, createBuyers, createFlight, newPax, OWN_PAX, payAtBank } from './booking-support.ts';
import { cancelAs, linksTo, visitor } from './cancellations-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { api, approvedPaypalChange, paidBooking } from './ticket-changes-support.ts';

/**
 * Every refund the product promises is a refund ledger row written in the transaction of the
 * change that causes it (issue 51 item 3, decision 055): my-tickets cancellations, the
 * weather-cancellation refund, a booking paid after its flight was cancelled, a PayPal-paid
 * change that could not be applied, and refunds of a voucher's share.
 */
const { app, db, dialect } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);
const [admin] = await createBuyers(app, 1, { roles: ['Admin'] });
const [desk] = await createBuyers(app, 1, { roles: ['Prenotazioni'] });
const [cashier] = await createBuyers(app, 1, { roles: ['PagamentoCash'] });
const http = api(app);

const refundsOf = (group: string) => db.selectFrom('refunds').selectAll().where('group_code', '=', group).orderBy('created_at').execute();
const requestOf = (code: string) => db.selectFrom('booking_requests').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const refundMails = (to: string) => db.selectFrom('mail_outbox').select('id').where('kind', '=', 'ticket-refund').where('to_address', '=', to).execute();
const fullRefund = (ticketNr: string) => ({ ticketNr, refunded_perc: 100, refunded_fee: 0, refunded_tax: true, refunded_landingFee: true });

/** The ticket marked cancelled by another change (no refund): a change recorded before cannot apply any more. */
async function markCancelled(ticketNr: string, changeRequestId: number) {
  await db
    .insertInto('ticket_changes')
    .values({
      ticket_nr: ticketNr,
      change_request_id: changeRequestId,
      kind: 'cancelled',
      moved_to: null,
      paid_cents: 0,
      refund_cents: 0,
      refunded_perc: 0,
      refunded_fee_cents: 0,
      refunded_tax: 0,
      refunded_landing_fee: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A paid booking whose flight Admin cancels; its contact's personal link. */
async function cancelledFlightBooking() {
  const flight = await createFlight(db, { seats: 6, daysAhead: 7 });
  const b = await paidBooking(app, buyer!, { flight, paxes: [OWN_PAX, newPax()] });
  const email = `refund-${b.group.toLowerCase()}@example.com`;
  await db.updateTable('tickets').set({ contact_email: email }).where('booking_code', '=', b.code).execute();
  expect((await cancelAs(app, admin!.token, { flightId: flight.flightId, reason: 'Vento forte' })).statusCode).toBe(200);
  const [token] = await linksTo(app, email);
  return { b, email, token: token! };
}

describe(`weather cancellations (${dialect})`, () => {
  it("the passenger's refund choice writes a pending refund of everything paid, with the refund e-mail", async () => {
    const { b, email, token } = await cancelledFlightBooking();
    const res = await visitor(app).choose(token, { choice: 'refund' });
    expect(res.statusCode, res.body).toBe(200);
    const paid = b.tickets.reduce((a, t) => a + t.total_cents, 0);
    const payment = await db.selectFrom('payments').selectAll().where('reference', '=', b.code).executeTakeFirstOrThrow();
    expect(await refundsOf(b.group)).toMatchObject([
      { source: 'sandbox', source_ref: payment.id, amount_cents: paid, reason: 'flight-cancelled', requested_by: 'passenger-link', state: 'pending', email },
    ]);
    expect(await refundMails(email)).toHaveLength(1);
  });

  it('the voucher choice refunds nothing to the card', async () => {
    const { b, token } = await cancelledFlightBooking();
    expect((await visitor(app).choose(token, { choice: 'voucher' })).statusCode).toBe(200);
    expect(await refundsOf(b.group)).toEqual([]);
  });

  it('a refund choice the payments cannot cover is refused whole: no refund, no cancelled ticket, the choice still open', async () => {
    const { b, email, token } = await cancelledFlightBooking();
    // Staff refunded part of it by hand meanwhile (a row the ledger counts).
    await app.services.transactions.run((trx) =>
      requestRefund(trx, { groupCode: b.group, amountCents: 100, reason: 'ticket-cancelled', causeRef: null, requestedBy: 'system', lang: 'it', email }),
    );
    const res = await visitor(app).choose(token, { choice: 'refund' });
    expect(res.statusCode).toBe(409);
    expect(await refundsOf(b.group)).toHaveLength(1);
    expect(await db.selectFrom('ticket_changes').select('ticket_nr').where('ticket_nr', '=', b.tickets[0]!.ticket_nr).execute()).toEqual([]);
    expect(await refundMails(email)).toHaveLength(0);
    expect((await visitor(app).view(token)).json().choice).toBeNull();
  });

  it('a booking paid at the bank after its flight was cancelled: failed, refunded and its whole payment in the ledger, together', async () => {
    const flight = await createFlight(db, { daysAhead: 11 });
    const res = await new Client(app).post('/api/bookings', asBuyer(bookingBody({ flight }), buyer!.paxId), { bearer: buyer!.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cancelAs(app, admin!.token, { flightId: flight.flightId, reason: 'Nebbia' })).statusCode).toBe(200);
    await payAtBank(app, res.json().bank_link, 'approve');
    const row = await requestOf(res.json().bookingCode);
    expect(row.status).toBe('refunded');
    const payment = await db.selectFrom('payments').selectAll().where('reference', '=', row.code).executeTakeFirstOrThrow();
    expect(payment.status).toBe('approved');
    expect(await refundsOf(row.group_code)).toMatchObject([
      { booking_request_id: row.id, source: 'sandbox', source_ref: payment.id, amount_cents: payment.amount_cents, reason: 'booking-failed', cause_ref: row.code },
    ]);
  });
});

describe(`ticket changes (${dialect})`, () => {
  it('a PayPal capture whose change can no longer be applied: the request failed and the capture refunded whole, once', async () => {
    const { booking: b, ticketNr, change, order } = await approvedPaypalChange(app, buyer!, '2027-07-27');
    // Meanwhile the ticket was changed by other means (a mark the applying transaction finds).
    await markCancelled(ticketNr, (await requestOf(b.code)).id);
    const capture = await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!);
    expect(capture.statusCode).toBe(409);
    const row = await requestOf(change.bookingCode);
    expect(row.status).toBe('failed');
    const paypal = await db.selectFrom('paypal_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(await db.selectFrom('refunds').selectAll().where('cause_ref', '=', row.code).execute()).toMatchObject([
      { source: 'paypal', source_ref: order.id, amount_cents: paypal.amount_cents, reason: 'change-not-applied', requested_by: 'system', state: 'pending' },
    ]);
    // Asked again: already captured and failed, nothing more is refunded.
    await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!);
    expect(await db.selectFrom('refunds').selectAll().where('source_ref', '=', order.id).execute()).toHaveLength(1);
  });

  it('a change paid at the bank through a payment link that can no longer be applied: failed, the bank payment refunded whole', async () => {
    const b = await paidBooking(app, buyer!, { flight: await createFlight(db, { daysAhead: 8 }), paxes: [OWN_PAX] });
    const target = await createFlight(db, { date: '2027-07-28' });
    const ticketNr = b.tickets[0]!.ticket_nr;
    const travels = [{ origin: 1348, destination: 1511, flightId: target.flightId, paxes: [{ ticketNr }] }];
    const linked = await http.put(`/api/bookings/${b.group}`, { type: -1, travels, contacts: { email_payment_link: 'pay@example.com' } }, desk!);
    expect(linked.statusCode, linked.body).toBe(200);
    const row = await requestOf(linked.json().bookingCode);
    const link = await db.selectFrom('payment_links').selectAll().where('booking_request_id', '=', row.id).executeTakeFirstOrThrow();
    await markCancelled(ticketNr, (await requestOf(b.code)).id);
    await payAtBank(app, link.bank_url, 'approve');
    const payment = await db.selectFrom('payments').selectAll().where('reference', '=', row.code).executeTakeFirstOrThrow();
    expect((await requestOf(row.code)).status).toBe('failed');
    expect(await db.selectFrom('refunds').selectAll().where('cause_ref', '=', row.code).execute()).toMatchObject([
      { source: 'sandbox', source_ref: payment.id, amount_cents: payment.amount_cents, reason: 'change-not-applied' },
    ]);
    // The bank's outcome told again changes nothing.
    await app.services.ticketChanges.handleOutcome({
      paymentId: payment.id,
      gateway: 'sandbox',
      reference: row.code,
      status: 'approved',
      amountCents: payment.amount_cents,
      bankMessage: null,
      errorCode: null,
    });
    expect(await db.selectFrom('refunds').selectAll().where('source_ref', '=', payment.id).execute()).toHaveLength(1);
  });

  it('a cash booking cancelled: the refund waits pending on the cash payment, for the desk to pay out', async () => {
    const flight = await createFlight(db, { daysAhead: 9 });
    const booked = await new Client(app).post('/api/bookings', { ...asBuyer(bookingBody({ flight }), cashier!.paxId), type: 2 }, { bearer: cashier!.token });
    expect(booked.statusCode, booked.body).toBe(200);
    const row = await requestOf(booked.json().bookingCode);
    const cash = await db.selectFrom('staff_payments').selectAll().where('booking_request_id', '=', row.id).executeTakeFirstOrThrow();
    const ticket = await db.selectFrom('tickets').selectAll().where('booking_code', '=', row.code).executeTakeFirstOrThrow();
    const res = await http.put(`/api/bookings/${row.group_code}`, { type: 1, cancellations: [fullRefund(ticket.ticket_nr)] }, admin!);
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundsOf(row.group_code)).toMatchObject([
      { source: 'cash', source_ref: String(cash.id), amount_cents: ticket.total_cents, state: 'pending', requested_by: `user:${admin!.id}`, paid_out_by: null },
    ]);
  });

  it("a refund of a voucher-paid booking puts the voucher's share back on it at once, confirmed", async () => {
    const b = await paidBooking(app, buyer!, { flight: await createFlight(db, { daysAhead: 9 }), paxes: [OWN_PAX] });
    const request = await requestOf(b.code);
    const at = new Date().toISOString();
    const code = `V${b.group}R1`;
    // What the booking spent of a voucher (vouchers pay, issue 51 item 5): a negative movement, the balance lowered.
    await db
      .insertInto('coupons')
      .values({ code, perc: 0, valid_from: null, valid_to: null, active: 1, created_at: at, amount_cents: 2000, single_use: 1, used_by: b.code, balance_cents: 1500 })
      .execute();
    await db.insertInto('voucher_movements').values({ code, booking_request_id: request.id, amount_cents: -500, reason: 'booking', created_at: at }).execute();

    const res = await http.put(`/api/bookings/${b.group}`, { type: 1, cancellations: [fullRefund(b.tickets[0]!.ticket_nr)] }, admin!);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await refundsOf(b.group);
    // The voucher was spent last, so it is refunded first; the card gives back the rest.
    const voucher = rows.find((r) => r.source === 'voucher')!;
    expect(voucher).toMatchObject({ source_ref: code, amount_cents: 500, state: 'confirmed' });
    expect(voucher.confirmed_at).not.toBeNull();
    expect(rows.find((r) => r.source === 'sandbox')).toMatchObject({ amount_cents: b.tickets[0]!.total_cents - 500, state: 'pending' });
    expect(await db.selectFrom('coupons').select('balance_cents').where('code', '=', code).executeTakeFirstOrThrow()).toEqual({ balance_cents: 2000 });
    expect(await db.selectFrom('voucher_movements').select(['amount_cents', 'reason']).where('code', '=', code).orderBy('id').execute()).toEqual([
      { amount_cents: -500, reason: 'booking' },
      { amount_cents: 500, reason: 'refund' },
    ]);
  });
});
