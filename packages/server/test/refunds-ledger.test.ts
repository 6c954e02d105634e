import { describe, expect, it } from 'vitest';
import { requestRefund } from '../src/modules/refunds/ledger.ts';
import { createBuyers, createFlight, newPax, otherPaxes, OWN_PAX } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { api, approvedPaypalChange, groupTickets, paidBooking } from './ticket-changes-support.ts';

/**
 * The refund ledger (issue 51 item 3, decision 055): refunds spread newest payment first, never
 * more than a payment captured minus its refunds, refused whole (409, nothing written) otherwise,
 * and concurrent cancellations of one booking never over-refund.
 */
const { app, db, dialect } = await buildTestApp();
const [buyer] = await createBuyers(app, 1);
const [admin] = await createBuyers(app, 1, { roles: ['Admin'] });
const http = api(app);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cardPayment = (code: string) => db.selectFrom('payments').selectAll().where('reference', '=', code).where('status', '=', 'approved').executeTakeFirstOrThrow();
const refundsOfGroup = (group: string) => db.selectFrom('refunds').selectAll().where('group_code', '=', group).orderBy('created_at').orderBy('amount_cents').execute();
const refundsOfCause = (cause: string) => db.selectFrom('refunds').selectAll().where('cause_ref', '=', cause).execute();
const sum = (rows: { amount_cents: number }[]) => rows.reduce((a, r) => a + r.amount_cents, 0);
const marksOf = async (nrs: string[]) => db.selectFrom('ticket_changes').selectAll().where('ticket_nr', 'in', nrs).execute();
const fullRefund = (ticketNr: string) => ({ ticketNr, refunded_perc: 100, refunded_fee: 0, refunded_tax: true, refunded_landingFee: true });
const cancel = (group: string, tickets: string[], who = admin!) => http.put(`/api/bookings/${group}`, { type: 1, cancellations: tickets.map(fullRefund) }, who);
const ask = (group: string, amountCents: number) => ({
  groupCode: group,
  amountCents,
  reason: 'ticket-cancelled' as const,
  causeRef: null,
  requestedBy: 'system',
  lang: 'it' as const,
  email: 'x@example.com',
});

async function liveTicketsOf(group: string) {
  const all = await groupTickets(app, group);
  const marked = new Set((await marksOf(all.map((t) => t.ticket_nr))).map((m) => m.ticket_nr));
  return all.filter((t) => !marked.has(t.ticket_nr));
}

describe(`allocation over what the group paid (${dialect})`, () => {
  it('takes from the newest payment first: a PayPal change capture, then the card payment, each within its capture', async () => {
    const { booking: b, order } = await approvedPaypalChange(app, buyer!, '2027-07-21');
    expect((await http.post(`/api/paypal/api/orders/${order.id}/capture`, {}, buyer!)).statusCode).toBe(200);
    const paypal = await db.selectFrom('paypal_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(paypal.status).toBe('COMPLETED');
    const card = await cardPayment(b.code);

    const live = await liveTicketsOf(b.group);
    expect(live).toHaveLength(2);
    const res = await cancel(
      b.group,
      live.map((t) => t.ticket_nr),
    );
    expect(res.statusCode, res.body).toBe(200);
    const marks = await marksOf(live.map((t) => t.ticket_nr));
    const total = sum(marks.map((m) => ({ amount_cents: m.refund_cents })));
    expect(total).toBeGreaterThan(paypal.amount_cents);

    const rows = await refundsOfCause(res.json().bookingCode);
    expect(sum(rows)).toBe(total);
    expect(rows.find((r) => r.source === 'paypal')).toMatchObject({ source_ref: paypal.id, amount_cents: paypal.amount_cents });
    expect(rows.find((r) => r.source === 'sandbox')).toMatchObject({ source_ref: card.id, amount_cents: total - paypal.amount_cents });
    expect(rows).toHaveLength(2);
    expect(sum(rows)).toBeLessThanOrEqual(card.amount_cents + paypal.amount_cents);
  });

  it('partial refunds: one row per cancellation, pending with a fresh key, all on the card payment and never more than it took', async () => {
    const b = await paidBooking(app, buyer!, { flight: await createFlight(db, { daysAhead: 5 }), paxes: [OWN_PAX, newPax()] });
    const card = await cardPayment(b.code);
    const first = await cancel(b.group, [b.tickets[0]!.ticket_nr], buyer!);
    expect(first.statusCode, first.body).toBe(200);
    const second = await cancel(b.group, [b.tickets[1]!.ticket_nr], buyer!);
    expect(second.statusCode, second.body).toBe(200);

    const rows = await refundsOfGroup(b.group);
    expect(rows.map((r) => r.cause_ref).sort()).toEqual([first.json().bookingCode, second.json().bookingCode].sort());
    const marks = await marksOf(b.tickets.map((t) => t.ticket_nr));
    // The customer's policy five days ahead gives back part of each ticket.
    expect(sum(rows)).toBe(marks.reduce((a, m) => a + m.refund_cents, 0));
    expect(sum(rows)).toBeGreaterThan(0);
    expect(sum(rows)).toBeLessThan(card.amount_cents);
    for (const r of rows) {
      expect(r).toMatchObject({
        source: 'sandbox',
        source_ref: card.id,
        state: 'pending',
        reason: 'ticket-cancelled',
        requested_by: `user:${buyer!.id}`,
        next_attempt_at: r.created_at,
        attempts: 0,
      });
      expect(r.idempotency_key).toMatch(UUID);
    }
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(2);
  });

  it('refuses with 409 and writes nothing when the payments cannot cover the refund (refunds in every state count)', async () => {
    const b = await paidBooking(app, buyer!, { flight: await createFlight(db, { daysAhead: 9 }), paxes: [OWN_PAX, newPax()] });
    const card = await cardPayment(b.code);
    const request = await db.selectFrom('booking_requests').select('id').where('code', '=', b.code).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    // An earlier refund, failed at the gateway, still holds its share of the capture.
    await db
      .insertInto('refunds')
      .values({
        id: crypto.randomUUID(),
        group_code: b.group,
        booking_request_id: request.id,
        source: 'sandbox',
        source_ref: card.id,
        amount_cents: card.amount_cents - 1,
        reason: 'ticket-cancelled',
        cause_ref: null,
        requested_by: 'system',
        state: 'failed',
        idempotency_key: crypto.randomUUID(),
        next_attempt_at: at,
        lease_until: null,
        gateway_refund_id: null,
        failure_code: 'X',
        failure_reason: 'refused',
        paid_out_by: null,
        paid_out_how: null,
        lang: 'it',
        email: 'x@example.com',
        created_at: at,
        updated_at: at,
        sent_at: null,
        confirmed_at: null,
      })
      .execute();
    const mails = () => db.selectFrom('mail_outbox').select('id').where('kind', '=', 'ticket-refund').execute();
    const mailsBefore = (await mails()).length;
    const requestsBefore = await db.selectFrom('booking_requests').select('id').where('group_code', '=', b.group).execute();

    const res = await cancel(b.group, [b.tickets[0]!.ticket_nr]);
    expect(res.statusCode).toBe(409);
    expect(res.json().messages).toEqual({
      it: 'Il rimborso supera quanto pagato per questa prenotazione e non ancora rimborsato: contatta la biglietteria',
      en: 'The refund is more than what was paid for this booking and not yet refunded: please contact the booking office',
    });
    expect(await refundsOfGroup(b.group)).toHaveLength(1);
    expect(await marksOf([b.tickets[0]!.ticket_nr])).toEqual([]);
    expect(await db.selectFrom('booking_requests').select('id').where('group_code', '=', b.group).execute()).toHaveLength(requestsBefore.length);
    expect(await mails()).toHaveLength(mailsBefore);

    // The last cent is still there to refund.
    await app.services.transactions.run((trx) => requestRefund(trx, ask(b.group, 1)));
    await expect(app.services.transactions.run((trx) => requestRefund(trx, ask(b.group, 1)))).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'refundExceedsCaptured',
    });
    expect(sum(await refundsOfGroup(b.group))).toBe(card.amount_cents);
  });
});

describe(`concurrent refunds of one booking (${dialect})`, () => {
  it('10 parallel cancellations of overlapping tickets through the endpoint: each ticket cancelled once, one refund set per applied change, never more than captured', async () => {
    const b = await paidBooking(app, buyer!, { flight: await createFlight(db, { daysAhead: 12, seats: 6 }), paxes: [OWN_PAX, ...otherPaxes(2)] });
    const card = await cardPayment(b.code);
    const [t1, t2, t3] = b.tickets.map((t) => t.ticket_nr) as [string, string, string];
    const sets = [[t1], [t1, t2], [t2], [t2, t3], [t3], [t1, t3], [t1, t2, t3], [t1], [t2], [t3]];
    const answers = await Promise.all(sets.map((set) => cancel(b.group, set)));
    // A ticket already cancelled is refused when planned (422) or, if it went meanwhile, under the group's lock (409).
    for (const a of answers) expect([200, 409, 422], a.body).toContain(a.statusCode);
    const applied = answers.filter((a) => a.statusCode === 200).map((a) => a.json().bookingCode as string);
    expect(applied.length).toBeGreaterThan(0);

    const marks = await marksOf([t1, t2, t3]);
    expect(new Set(marks.map((m) => m.ticket_nr)).size).toBe(marks.length);
    const rows = await refundsOfGroup(b.group);
    expect(new Set(rows.map((r) => r.cause_ref))).toEqual(new Set(applied));
    for (const code of applied) {
      const requestId = (await db.selectFrom('booking_requests').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
      const own = marks.filter((m) => m.change_request_id === requestId);
      expect(sum(rows.filter((r) => r.cause_ref === code))).toBe(own.reduce((a, m) => a + m.refund_cents, 0));
    }
    expect(sum(rows)).toBeLessThanOrEqual(card.amount_cents);
  });

  it('10 parallel ledger writes on one payment: only as many as the capture covers are written, the rest refused', async () => {
    const b = await paidBooking(app, buyer!, { flight: await createFlight(db, { daysAhead: 13 }), paxes: [OWN_PAX] });
    const card = await cardPayment(b.code);
    const third = Math.ceil(card.amount_cents / 3);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => app.services.transactions.run((trx) => requestRefund(trx, ask(b.group, third)))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(Math.floor(card.amount_cents / third));
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    const rows = await refundsOfGroup(b.group);
    expect(sum(rows)).toBeLessThanOrEqual(card.amount_cents);
    expect(rows).toHaveLength(Math.floor(card.amount_cents / third));
  });
});
