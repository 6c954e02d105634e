import { addDays, romeToday, type TReportAnswer } from '@heliline/domain';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { asBuyer, bookingBody, createFlight, newPax, OWN_PAX, payAtBank } from './booking-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { ledgerRow } from './refunds-support.ts';
import { storeBody, staffUsers, type Who } from './staff-support.ts';
import { api, approvedPaypalChange, paidBooking } from './ticket-changes-support.ts';

/**
 * Issue 51 item 6: a day of mixed sales (card, a PayPal-paid change, cash, operator account, a
 * voucher with the card for the rest), cancellations refunded to the card, in cash at the desk
 * and onto the voucher, and a failed refund; the report of the day equals the payments and
 * refund ledgers to the cent, both ways: every ledger line is a report line and every report
 * line is a ledger row.
 */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const http = api(app);
const client = new Client(app);
const firstDay = romeToday();

const requestOf = (code: string) => db.selectFrom('booking_requests').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const fullRefund = (ticketNr: string) => ({ ticketNr, refunded_perc: 100, refunded_fee: 0, refunded_tax: true, refunded_landingFee: true });
const cancelTicket = async (group: string, ticketNr: string) => {
  const res = await http.put(`/api/bookings/${group}`, { type: 1, cancellations: [fullRefund(ticketNr)] }, users.Admin);
  expect(res.statusCode, res.body).toBe(200);
};
const store = async (type: Parameters<typeof storeBody>[0], who: Who, over: Parameters<typeof storeBody>[3] = {}) => {
  const res = await http.post('/api/bookings', storeBody(type, await createFlight(db, { daysAhead: 9 }), who, over), who);
  expect(res.statusCode, res.body).toBe(200);
  return requestOf(res.json().bookingCode);
};
const ticketOf = (code: string) => db.selectFrom('tickets').selectAll().where('booking_code', '=', code).orderBy('ticket_nr').executeTakeFirstOrThrow();

// ---- the day ---------------------------------------------------------------------------------

// A customer's card booking, one of its two tickets cancelled: a refund to the sandbox bank, sent by the worker.
const card = await paidBooking(app, users.buyer, { flight: await createFlight(db, { daysAhead: 8 }), paxes: [OWN_PAX, newPax()] });
await cancelTicket(card.group, card.tickets[1]!.ticket_nr);

// A paid change, captured at the PayPal stand-in.
const change = await approvedPaypalChange(app, users.buyer, addDays(romeToday(), 30));
const captured = await http.post(`/api/paypal/api/orders/${change.order.id}/capture`, {}, users.buyer);
expect(captured.statusCode, captured.body).toBe(200);

// Cash at the desk, one ticket of it refunded in cash by the cashier; an operator-account sale.
const cash = await store(2, users.PagamentoCash);
const cashTicket = await ticketOf(cash.code);
await cancelTicket(cash.group_code, cashTicket.ticket_nr);
const cashRefund = await db.selectFrom('refunds').select('id').where('booking_request_id', '=', cash.id).executeTakeFirstOrThrow();
const payout = await client.post(`/api/admin/refunds/${cashRefund.id}/payout`, { how: 'contanti allo sportello' }, { bearer: users.PagamentoCash.token });
expect(payout.statusCode, payout.body).toBe(200);
const account = await store(3, users.PagamentoAgenzia);

// A voucher paying part, the card the rest; then cancelled: the voucher's share back on it, the rest to the card.
const voucherCode = await app.services.coupons.issueVoucher(3_000, romeToday(), addDays(romeToday(), 365));
const vouchered = await client.post(
  '/api/bookings',
  asBuyer({ ...bookingBody({ flight: await createFlight(db, { daysAhead: 10 }), coupon: { code: voucherCode, perc: 0 } }), type: 1 }, users.buyer.paxId),
  { bearer: users.buyer.token },
);
expect(vouchered.statusCode, vouchered.body).toBe(200);
await payAtBank(app, vouchered.json().bank_link, 'approve');
const voucherBooking = await requestOf(vouchered.json().bookingCode);
await cancelTicket(voucherBooking.group_code, (await ticketOf(voucherBooking.code)).ticket_nr);

// The worker sends the card refunds; one more refund failed at the gateway (shown, not counted).
await app.services.refundWorker.runDue();
await ledgerRow(db, { group: card.group, requestId: (await requestOf(card.code)).id }, { state: 'failed', amount_cents: 123, failure_code: 'REFUSED' });

// ---- the ledgers, read on their own ----------------------------------------------------------

interface LedgerLine {
  ref: string;
  type: string;
  direction: 'in' | 'out';
  amountCents: number;
}

async function ledgers(): Promise<LedgerLine[]> {
  const payments = await db.selectFrom('payments').select(['id', 'amount_cents']).where('status', '=', 'approved').execute();
  const paypal = await db.selectFrom('paypal_orders').select(['id', 'amount_cents']).where('status', '=', 'COMPLETED').execute();
  const staff = await db.selectFrom('staff_payments').select(['id', 'type', 'amount_cents']).execute();
  const movements = await db.selectFrom('voucher_movements').select(['id', 'amount_cents', 'reason']).execute();
  const refunds = await db.selectFrom('refunds').select(['id', 'source', 'amount_cents', 'state']).execute();
  const typeOf: Record<string, string> = { nexi: 'card', sandbox: 'card', paypal: 'paypal', cash: 'cash', account: 'account', voucher: 'voucher' };
  return [
    ...payments.map((p) => ({ ref: `payment:${p.id}`, type: 'card', direction: 'in' as const, amountCents: p.amount_cents })),
    ...paypal.map((o) => ({ ref: `paypal:${o.id}`, type: 'paypal', direction: 'in' as const, amountCents: o.amount_cents })),
    ...staff.map((s) => ({ ref: `staff:${s.id}`, type: s.type === 2 ? 'cash' : 'account', direction: 'in' as const, amountCents: s.amount_cents })),
    // A refund put back on a voucher is its refund row's line; spends (and spends given back) are the voucher's.
    ...movements
      .filter((m) => m.reason !== 'refund')
      .map((m) => ({
        ref: `voucher:${m.id}`,
        type: 'voucher',
        direction: m.amount_cents < 0 ? ('in' as const) : ('out' as const),
        amountCents: Math.abs(m.amount_cents),
      })),
    ...refunds
      .filter((f) => f.state === 'sent' || f.state === 'confirmed')
      .map((f) => ({ ref: `refund:${f.id}`, type: typeOf[f.source]!, direction: 'out' as const, amountCents: f.amount_cents })),
  ];
}

const HEADER = [
  'datetime_rome',
  'booking_code',
  'kind',
  'payment_type',
  'refund_source',
  'direction',
  'amount_eur',
  'amount_cents',
  'route',
  'channel',
  'staff_user',
  'ledger_ref',
] as const;
const sum = (lines: readonly { amountCents: number }[]) => lines.reduce((n, l) => n + l.amountCents, 0);
const reportFor = async (who: Who, query = `from=${firstDay}&to=${romeToday()}`) => client.get(`/api/admin/reports?${query}`, { bearer: who.token });

describe(`the money report reconciles with the ledgers (${dialect})`, () => {
  it('holds every ledger line and nothing else, each with its amount, type and direction', async () => {
    const res = await reportFor(users.Admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as TReportAnswer;
    const fromLedgers = await ledgers();
    const key = (l: LedgerLine) => `${l.ref} ${l.type} ${l.direction} ${l.amountCents}`;
    expect(report.lines.map(key).sort()).toEqual(fromLedgers.map(key).sort());
    // The day really was mixed: every payment type and refunds of three sources.
    expect(new Set(report.lines.map((l) => l.type))).toEqual(new Set(['card', 'paypal', 'cash', 'account', 'voucher']));
    expect(new Set(report.lines.filter((l) => l.kind === 'refund').map((l) => l.refundSource))).toEqual(new Set(['sandbox', 'cash', 'voucher']));
    expect(report.lines.filter((l) => l.kind === 'change').map((l) => l.type)).toEqual(['paypal']);
  });

  it('totals each payment type, channel and route to the cent of the ledgers', async () => {
    const report = (await reportFor(users.Admin)).json() as TReportAnswer;
    const fromLedgers = await ledgers();
    const inOf = (type: string) => sum(fromLedgers.filter((l) => l.type === type && l.direction === 'in'));
    const outOf = (type: string) => sum(fromLedgers.filter((l) => l.type === type && l.direction === 'out'));
    for (const t of report.byType) expect(t, t.type).toEqual({ type: t.type, inCents: inOf(t.type), outCents: outOf(t.type), netCents: inOf(t.type) - outOf(t.type) });
    const moneyIn = sum(fromLedgers.filter((l) => l.direction === 'in'));
    const moneyOut = sum(fromLedgers.filter((l) => l.direction === 'out'));
    expect(report.totals).toEqual({ inCents: moneyIn, outCents: moneyOut, netCents: moneyIn - moneyOut });
    for (const groups of [report.byChannel, report.byRoute]) expect(sum(groups.map((g) => ({ amountCents: g.netCents })))).toBe(moneyIn - moneyOut);
    // Customer, staff at the desk; nobody sold as an agency today.
    const channel = Object.fromEntries(report.byChannel.map((c) => [c.channel, c.inCents]));
    expect(channel.staff).toBe(cash.amount_cents + account.amount_cents);
    expect(channel.agency).toBe(0);
    expect(report.lines.find((l) => l.ref.startsWith('staff:') && l.type === 'account')).toMatchObject({
      bookingCode: account.code,
      staffEmail: users.PagamentoAgenzia.email,
    });
  });

  it('counts refunds sent or confirmed by source; the failed one is shown beside them', async () => {
    const report = (await reportFor(users.Admin)).json() as TReportAnswer;
    const refunds = await db.selectFrom('refunds').selectAll().execute();
    for (const r of report.refunds) {
      const of = (states: string[]) => refunds.filter((f) => f.source === r.source && states.includes(f.state));
      expect(r, r.source).toEqual({
        source: r.source,
        countedCents: sum(of(['sent', 'confirmed']).map((f) => ({ amountCents: f.amount_cents }))),
        countedCount: of(['sent', 'confirmed']).length,
        pendingCents: sum(of(['pending']).map((f) => ({ amountCents: f.amount_cents }))),
        pendingCount: of(['pending']).length,
        failedCents: sum(of(['failed']).map((f) => ({ amountCents: f.amount_cents }))),
        failedCount: of(['failed']).length,
      });
    }
    expect(report.refunds.find((r) => r.source === 'sandbox')).toMatchObject({ failedCents: 123, failedCount: 1 });
  });

  it("closes the cashier's day: cash taken, cash paid out, net", async () => {
    const report = (await reportFor(users.Admin)).json() as TReportAnswer;
    const refund = await db.selectFrom('refunds').select('amount_cents').where('id', '=', cashRefund.id).executeTakeFirstOrThrow();
    expect(report.closings).toEqual([
      {
        day: romeToday(),
        staffId: users.PagamentoCash.id,
        staffEmail: users.PagamentoCash.email,
        cashInCents: cash.amount_cents,
        cashOutCents: refund.amount_cents,
        netCents: cash.amount_cents - refund.amount_cents,
      },
    ]);
  });

  it('shows a cashier only their own cash lines and closing', async () => {
    const mine = (await reportFor(users.PagamentoCash)).json() as TReportAnswer;
    expect(mine.ownCashOnly).toBe(true);
    expect(mine.lines.map((l) => l.ref).sort()).toEqual(
      [
        `refund:${cashRefund.id}`,
        `staff:${(await db.selectFrom('staff_payments').select('id').where('booking_request_id', '=', cash.id).executeTakeFirstOrThrow()).id}`,
      ].sort(),
    );
    expect(mine.byType.filter((t) => t.type !== 'cash').every((t) => t.inCents === 0 && t.outCents === 0)).toBe(true);
    expect(mine.closings).toHaveLength(1);
    // Another cashier, who took no cash today, gets an empty report, not the colleague's.
    await app.services.accounts.addRole(users.Prenotazioni.id, 'PagamentoCash');
    expect(((await reportFor(users.Prenotazioni)).json() as TReportAnswer).lines).toEqual([]);
  });
});

describe(`the report's CSV and its refusals (${dialect})`, () => {
  it('is every line as an attachment, UTF-8 with a header, amounts in euros and cents, formulas made inert', async () => {
    // A staff address that a spreadsheet would run as a formula.
    await db.updateTable('users').set({ email: '=HYPERLINK("http://x.test")@example.com' }).where('id', '=', users.PagamentoCash.id).execute();
    const report = (await reportFor(users.Admin)).json() as TReportAnswer;
    const res = await client.get(`/api/admin/reports.csv?from=${firstDay}&to=${romeToday()}`, { bearer: users.Admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="heliline-report-${firstDay}-${romeToday()}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.body, { bom: true, columns: true }) as Record<(typeof HEADER)[number], string>[];
    expect(rows).toHaveLength(report.lines.length);
    expect(Object.keys(rows[0]!)).toEqual([...HEADER]);
    const signed = (r: (typeof rows)[number]) => (r.direction === 'in' ? 1 : -1) * Number(r.amount_cents);
    expect(rows.reduce((n, r) => n + signed(r), 0)).toBe(report.totals.netCents);
    for (const r of rows) expect(Math.round(Number(r.amount_eur) * 100)).toBe(Number(r.amount_cents));
    expect(rows.filter((r) => r.staff_user.includes('HYPERLINK')).every((r) => r.staff_user.startsWith(`'=HYPERLINK`))).toBe(true);
    expect(rows.some((r) => r.staff_user.includes('HYPERLINK'))).toBe(true);
    expect(rows.find((r) => r.ledger_ref.startsWith('paypal:'))).toMatchObject({
      kind: 'change',
      payment_type: 'paypal',
      route: 'Foggia → Isole Tremiti',
      channel: 'customer',
    });
    const english = await client.get(`/api/admin/reports.csv?from=${firstDay}&to=${romeToday()}&lang=en`, { bearer: users.Admin.token });
    expect(english.body).toContain(',Foggia → Tremiti Islands,');
  });

  it('refuses a range that ends before it starts, is longer than 366 days or is not dates (422), and other roles (403)', async () => {
    for (const query of ['from=2026-12-07&to=2026-12-06', 'from=2025-01-01&to=2026-01-02', 'from=07/12/2026', 'to=2026-12-07']) {
      for (const path of ['/api/admin/reports', '/api/admin/reports.csv']) {
        expect((await client.get(`${path}?${query}`, { bearer: users.Admin.token })).statusCode, `${path}?${query}`).toBe(422);
      }
    }
    expect((await reportFor(users.Admin, 'from=2025-12-07&to=2026-12-07')).statusCode).toBe(200);
    for (const who of [users.buyer, users.agency, users.PrenotaFull, users.Prenota, users.PagamentoAgenzia])
      expect((await reportFor(who)).statusCode, who.name).toBe(403);
  });
});
