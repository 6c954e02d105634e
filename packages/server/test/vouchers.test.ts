import { addDays, computeTotals, romeToday } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { asBuyer, bookingBody, createBuyers, createFlight, OWN_PAX, payAtBank, type TestFlight } from './booking-support.ts';
import { cancelAs, linkOfGroup, visitor } from './cancellations-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { requestRefund } from '../src/modules/refunds/ledger.ts';
import { REFUND_REASONS } from '../src/modules/refunds/ledger-queries.ts';
import { paidBooking } from './ticket-changes-support.ts';

/**
 * Issue 51 item 5: a voucher pays the booking's whole total up to its balance; the rest stays on
 * it; one covering everything is the only payment (type 5, ticketed at once); a failed or expired
 * booking gives its part back; concurrent bookings never spend more than the balance.
 */
const { app, db, dialect } = await buildTestApp();
const buyers = await createBuyers(app, 8);
const [admin] = await createBuyers(app, 1, { roles: ['Admin'] });
const buyer = buyers[0]!;
const client = new Client(app);

const issue = (cents: number) => app.services.coupons.issueVoucher(cents, romeToday(), addDays(romeToday(), 365));
const balanceOf = async (code: string) => (await db.selectFrom('coupons').select('balance_cents').where('code', '=', code).executeTakeFirstOrThrow()).balance_cents;
const movementsOf = (code: string) => db.selectFrom('voucher_movements').select(['amount_cents', 'reason']).where('code', '=', code).orderBy('id').execute();
const requestOf = (code: string) => db.selectFrom('booking_requests').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

/** What one adult (the buyer's own passenger) pays on the flight: fares, taxes and landing fee. */
function totalOf(flight: TestFlight): number {
  const paxes = [{ category: 'a' as const, birthDate: OWN_PAX.birthDate, residence: OWN_PAX.residence }];
  return computeTotals({ paxes, journeys: [{ direction: 'd', originId: 1348, destinationId: 1511, date: flight.date }] }).totals.grandTotalDiscounted;
}

function book(flight: TestFlight, code: string, type: number, who = buyer) {
  const body = { ...bookingBody({ flight, coupon: { code, perc: 0 } }), type };
  return client.post('/api/bookings', asBuyer(body, who.paxId), { bearer: who.token });
}

describe(`check-coupon with a voucher (${dialect})`, () => {
  it('says what it pays of the whole total and what is left until when; the prices stay', async () => {
    const code = await issue(6_000);
    const part = await client.post('/api/check-coupon', { coupon: code.toLowerCase(), tickets: 30, tot: 40, att: 0 }, { bearer: buyer.token });
    expect(part.statusCode, part.body).toBe(200);
    const until = addDays(romeToday(), 365).split('-').reverse().join('/');
    expect(part.json()).toMatchObject({
      status: 'success',
      perc: 0,
      amount: 60,
      voucher: { applied: 40, left: 20, valid_to: until },
      new_tkts_total: 30,
      new_grand_total: 0,
      messages: { it: `Buono ${code}: 40,00\u00a0€ applicati, 20,00\u00a0€ residui fino al ${until}`, en: `Voucher ${code}: €40.00 applied, €20.00 left until ${until}` },
    });
    const all = await client.post('/api/check-coupon', { coupon: code, tickets: 100, tot: 130, att: 0 }, { bearer: buyer.token });
    expect(all.json()).toMatchObject({ voucher: { applied: 60, left: 0 }, new_grand_total: 70, messages: { en: `Voucher ${code}: €60.00 applied, nothing left on it` } });
  });

  it('a voucher with nothing left is not valid', async () => {
    const code = await issue(1_000);
    await db.updateTable('coupons').set({ balance_cents: 0 }).where('code', '=', code).execute();
    const res = await client.post('/api/check-coupon', { coupon: code, tickets: 30, tot: 40, att: 0 }, { bearer: buyers[1]!.token });
    expect(res.json()).toMatchObject({ status: 'error', messages: { it: 'Coupon non valido' } });
  });
});

describe(`paying with a voucher (${dialect})`, () => {
  it('covering part: the card pays the rest; the voucher is spent in the booking’s transaction', async () => {
    const flight = await createFlight(db, { daysAhead: 12 });
    const total = totalOf(flight);
    const code = await issue(total - 1_000);
    const res = await book(flight, code, 1);
    expect(res.statusCode, res.body).toBe(200);
    const row = await requestOf(res.json().bookingCode);
    expect(row.amount_cents).toBe(1_000);
    expect(await balanceOf(code)).toBe(0);
    expect(await movementsOf(code)).toEqual([{ amount_cents: -(total - 1_000), reason: 'booking' }]);
    const payment = await db.selectFrom('payments').selectAll().where('reference', '=', row.code).executeTakeFirstOrThrow();
    expect(payment.amount_cents).toBe(1_000);
    await payAtBank(app, res.json().bank_link, 'approve');
    expect((await requestOf(row.code)).status).toBe('ticketed');
    expect(await balanceOf(code)).toBe(0);
    // A voucher that pays all of it is not the type to use for the rest.
    expect((await book(flight, code, 5, buyers[1])).statusCode).toBe(422);
  });

  it('covering everything: no card, ticketed at once, the remainder stays on the voucher', async () => {
    const flight = await createFlight(db, { daysAhead: 13 });
    const total = totalOf(flight);
    const code = await issue(total + 2_500);
    // By card (or any other type) it is refused: the voucher is the payment. Nothing written.
    const card = await book(flight, code, 1);
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.type).toEqual(["Il buono copre l'intero importo: confermare con il buono, senza carta"]);
    expect(await balanceOf(code)).toBe(total + 2_500);
    const res = await book(flight, code, 5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', type: 5, bank_link: null });
    const row = await requestOf(res.json().bookingCode);
    expect(row).toMatchObject({ status: 'ticketed', amount_cents: 0, type: 5, coupon_code: code });
    expect(await db.selectFrom('payments').select('id').where('reference', '=', row.code).execute()).toEqual([]);
    expect(await db.selectFrom('staff_payments').select('id').where('booking_request_id', '=', row.id).execute()).toEqual([]);
    expect(await db.selectFrom('tickets').select('ticket_nr').where('booking_code', '=', row.code).execute()).toHaveLength(1);
    expect(await balanceOf(code)).toBe(2_500);
    // The rest pays part of a next booking.
    const next = await book(await createFlight(db, { daysAhead: 14 }), code, 1, buyers[1]);
    expect(next.statusCode, next.body).toBe(200);
    expect((await requestOf(next.json().bookingCode)).amount_cents).toBe(total - 2_500);
    expect(await balanceOf(code)).toBe(0);
  });

  it('type 5 with a voucher that does not cover everything, or none, is refused and writes nothing', async () => {
    const flight = await createFlight(db, { daysAhead: 15 });
    const code = await issue(500);
    const part = await book(flight, code, 5);
    expect(part.statusCode).toBe(422);
    expect(part.json().errors.type).toEqual(["Il buono non copre l'intero importo: pagare il resto con la carta"]);
    const none = await client.post('/api/bookings', asBuyer({ ...bookingBody({ flight }), type: 5 }, buyer.paxId), { bearer: buyer.token });
    expect(none.statusCode).toBe(422);
    expect(await balanceOf(code)).toBe(500);
    expect(await movementsOf(code)).toEqual([]);
  });
});

describe(`a booking that does not complete gives its part back (${dialect})`, () => {
  it('declined at the bank: the spent part goes back in the transaction that fails it', async () => {
    const flight = await createFlight(db, { daysAhead: 16 });
    const code = await issue(3_000);
    const res = await book(flight, code, 1, buyers[2]);
    expect(await balanceOf(code)).toBe(0);
    await payAtBank(app, res.json().bank_link, 'decline-51');
    expect((await requestOf(res.json().bookingCode)).status).toBe('failed');
    expect(await balanceOf(code)).toBe(3_000);
    expect(await movementsOf(code)).toEqual([
      { amount_cents: -3_000, reason: 'booking' },
      { amount_cents: 3_000, reason: 'booking-failed' },
    ]);
  });

  it('expired: given back by the sweep; paid at the bank after all, taken again', async () => {
    const flight = await createFlight(db, { daysAhead: 17 });
    const code = await issue(3_000);
    const res = await book(flight, code, 1, buyers[3]);
    await app.services.requests.expireNow(res.json().bookingCode);
    await app.services.requests.sweep();
    expect((await requestOf(res.json().bookingCode)).status).toBe('expired');
    expect(await balanceOf(code)).toBe(3_000);
    await payAtBank(app, res.json().bank_link, 'approve');
    expect((await requestOf(res.json().bookingCode)).status).toBe('ticketed');
    expect(await balanceOf(code)).toBe(0);
    expect((await movementsOf(code)).map((m) => m.reason)).toEqual(['booking', 'booking-expired', 'booking']);
    // The refund ledger counts what the booking holds of the voucher once, not each spend.
    const row = await requestOf(res.json().bookingCode);
    const total = row.amount_cents + 3_000;
    const ask = { groupCode: row.group_code, reason: REFUND_REASONS.ticketCancelled, causeRef: null, requestedBy: 'system', lang: 'it' as const, email: 'a@example.com' };
    await expect(db.transaction().execute((trx) => requestRefund(trx, { ...ask, amountCents: total + 1 }))).rejects.toMatchObject({
      messageKey: 'refundExceedsCaptured',
    });
    await db.transaction().execute((trx) => requestRefund(trx, { ...ask, amountCents: total }));
    expect(await balanceOf(code)).toBe(3_000);
  });

  it('expired and its voucher spent by another booking meanwhile: the late card payment goes back', async () => {
    const flight = await createFlight(db, { daysAhead: 18 });
    const code = await issue(3_000);
    const first = await book(flight, code, 1, buyers[4]);
    await app.services.requests.expireNow(first.json().bookingCode);
    await app.services.requests.sweep();
    expect((await book(flight, code, 1, buyers[5])).statusCode).toBe(200);
    await payAtBank(app, first.json().bank_link, 'approve');
    const row = await requestOf(first.json().bookingCode);
    expect(row).toMatchObject({ status: 'refunded', failure_reason: 'voucher spent before payment' });
    expect(await balanceOf(code)).toBe(0);
    const payment = await db.selectFrom('payments').select('id').where('reference', '=', row.code).executeTakeFirstOrThrow();
    expect(await db.selectFrom('refunds').select(['amount_cents', 'source']).where('source_ref', '=', payment.id).execute()).toEqual([
      { amount_cents: row.amount_cents, source: 'sandbox' },
    ]);
  });
});

describe(`concurrent uses of one voucher (${dialect})`, () => {
  it('never spend more than its balance: only the bookings it covers get it, the others 409 with nothing written', async () => {
    const flight = await createFlight(db, { daysAhead: 19, seats: 8 });
    const total = totalOf(flight);
    // Enough for two whole bookings and a bit: two pay by voucher, the rest are refused.
    const code = await issue(2 * total + Math.floor(total / 2));
    const answers = await Promise.all(buyers.map((b) => book(flight, code, 5, b)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(2);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect([409, 422]).toContain(r.statusCode);
    expect(await balanceOf(code)).toBe(Math.floor(total / 2));
    const moves = await movementsOf(code);
    expect(moves).toEqual([
      { amount_cents: -total, reason: 'booking' },
      { amount_cents: -total, reason: 'booking' },
    ]);
    const tickets = await db.selectFrom('booking_requests').select('status').where('coupon_code', '=', code).execute();
    expect(tickets.map((t) => t.status)).toEqual(['ticketed', 'ticketed']);
  });
});

describe(`its holder sees what is left (${dialect})`, () => {
  it('the weather-cancellation page that issued the voucher says what bookings left on it', async () => {
    const flight = await createFlight(db, { daysAhead: 20 });
    const paid = await paidBooking(app, buyers[6]!, { flight });
    expect((await cancelAs(app, admin!.token, { flightId: flight.flightId, reason: 'Vento forte' })).statusCode).toBe(200);
    const token = await linkOfGroup(app, paid.group);
    const code = (await visitor(app).choose(token, { choice: 'voucher' })).json().voucherCode as string;
    const worth = (await db.selectFrom('coupons').select('amount_cents').where('code', '=', code).executeTakeFirstOrThrow()).amount_cents!;
    await db
      .updateTable('coupons')
      .set({ balance_cents: worth - 1_250 })
      .where('code', '=', code)
      .execute();
    const left = (worth - 1_250) / 100;
    const view = (await visitor(app).view(token)).json();
    expect(view.choiceMessages.en).toMatch(new RegExp(`^voucher ${code} worth .+\\. €${left.toFixed(2)} left on the voucher, to use by \\d\\d/\\d\\d/\\d{4}$`));
    await db.updateTable('coupons').set({ balance_cents: 0 }).where('code', '=', code).execute();
    expect((await visitor(app).view(token, 'it')).json().choiceMessages.it).toMatch(/\. Il buono è stato usato tutto$/);
  });
});
