import { MESSAGES } from '@heliline/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuyers, createFlight, OWN_PAX } from './booking-support.ts';
import { buildTestApp, Client, type TestApp } from './helpers.ts';
import { staffUsers, type Who } from './staff-support.ts';
import { ledgerRow } from './refunds-support.ts';
import { paidBooking } from './ticket-changes-support.ts';

/**
 * Refunds people can see (issue 51 item 4): GET /api/my-tickets/refunds (owner, booking staff),
 * GET /api/admin/refunds (filters, pages), POST …/{id}/retry and …/{id}/payout, each × role,
 * with their refusals writing nothing. Rows go straight into the fixed ledger table.
 */
const t: TestApp = await buildTestApp();
let users: Awaited<ReturnType<typeof staffUsers>>;
let mine: { group: string; code: string; requestId: number };
let others: { group: string; code: string; requestId: number };

const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  new Client(t.app).request({ method, url, payload: payload as never, ...(who ? { bearer: who.token } : {}) });

async function booking(who: Who) {
  const b = await paidBooking(t.app, who, { flight: await createFlight(t.db, { daysAhead: 12 }), paxes: [OWN_PAX] });
  const request = await t.db.selectFrom('booking_requests').select('id').where('code', '=', b.code).executeTakeFirstOrThrow();
  return { group: b.group, code: b.code, requestId: request.id };
}

const refund = (of: { group: string; requestId: number }, over: Parameters<typeof ledgerRow>[2] = {}) => ledgerRow(t.db, of, over);
const stateOf = async (id: string) => t.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const allRows = async () => t.db.selectFrom('refunds').selectAll().orderBy('id').execute();

beforeAll(async () => {
  // The rows here name no real payment: the worker, woken by a retry, must not pick them up mid-test.
  await t.app.services.refundWorker.stop();
  users = await staffUsers(t.app);
  mine = await booking(users.buyer);
  const [other] = await createBuyers(t.app, 1);
  others = await booking({ name: 'other', ...other!, roles: [], agency: false });
});

describe('GET /api/my-tickets/refunds', () => {
  it("shows the owner and booking staff a booking's refunds (amount, state, where the money goes); others see none", async () => {
    const id = await refund(mine, { amount_cents: 12_345, state: 'sent', sent_at: new Date().toISOString() });
    await refund(others, { source: 'paypal' });
    const url = `/api/my-tickets/refunds?groups=${mine.group},${others.group}`;

    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const own = await call(users.buyer, 'GET', url);
    expect(own.statusCode, own.body).toBe(200);
    const refunds = own.json().refunds as { id: string; amount: number; state: string; source: string; bookingCode: string }[];
    expect(refunds.map((r) => r.id)).toEqual([id]);
    expect(refunds[0]).toMatchObject({ amount: 123.45, state: 'sent', source: 'sandbox', bookingCode: mine.code, groupCode: mine.group });

    for (const role of ['Admin', 'Prenotazioni', 'PrenotaFull'] as const) {
      const res = await call(users[role], 'GET', url);
      expect(
        res
          .json()
          .refunds.map((r: { groupCode: string }) => r.groupCode)
          .sort(),
        role,
      ).toEqual([mine.group, others.group].sort());
    }
    for (const who of [users.agency, users.Prenota, users.PagamentoCash, users.PagamentoAgenzia]) {
      const res = await call(who, 'GET', url);
      expect(res.statusCode, who.name).toBe(200);
      expect(res.json().refunds, who.name).toEqual([]);
    }
  });

  it('accepts booking codes for their group and refuses a missing or malformed list (422)', async () => {
    expect((await call(users.buyer, 'GET', `/api/my-tickets/refunds?groups=${mine.code}`)).json().refunds.length).toBeGreaterThan(0);
    for (const q of ['', '?groups=', '?groups=AB', `?groups=${Array.from({ length: 51 }, (_, i) => `AA${String(i).padStart(4, '0')}`).join(',')}`]) {
      expect((await call(users.buyer, 'GET', `/api/my-tickets/refunds${q}`)).statusCode, q).toBe(422);
    }
  });
});

describe('GET /api/admin/refunds', () => {
  it('Admin, Prenotazioni, PrenotaFull and PagamentoCash read the ledger; the visitor 401, the others 403', async () => {
    expect((await call(null, 'GET', '/api/admin/refunds')).statusCode).toBe(401);
    for (const who of [users.buyer, users.agency, users.Prenota, users.PagamentoAgenzia]) {
      expect((await call(who, 'GET', '/api/admin/refunds')).statusCode, who.name).toBe(403);
    }
    for (const role of ['Admin', 'Prenotazioni', 'PrenotaFull', 'PagamentoCash'] as const) {
      const res = await call(users[role], 'GET', '/api/admin/refunds');
      expect(res.statusCode, role).toBe(200);
      expect(res.json().pagination.per_page).toBe(25);
    }
  });

  it('filters by state, source, code and Rome calendar days, and shows the failure and who paid out', async () => {
    const g = await booking(users.buyer);
    const failed = await refund(g, {
      state: 'failed',
      source: 'paypal',
      failure_code: 'CAPTURE_FULLY_REFUNDED',
      failure_reason: 'The capture has already been fully refunded',
    });
    const paid = await refund(g, {
      state: 'confirmed',
      source: 'cash',
      paid_out_by: users.PagamentoCash.id,
      paid_out_how: 'contanti allo sportello',
      requested_by: `user:${users.Admin.id}`,
    });
    // 23:30 UTC on 14 March is 00:30 on the 15th in Rome.
    const lateNight = await refund(g, { created_at: '2026-03-14T23:30:00.000Z' });
    const admin = users.Admin;
    const ids = async (query: string) => ((await call(admin, 'GET', `/api/admin/refunds?code=${g.group}&${query}`)).json().refunds as { id: string }[]).map((r) => r.id);

    expect(await ids('state=failed')).toEqual([failed]);
    expect(await ids('source=cash')).toEqual([paid]);
    expect(await ids('from=2026-03-15&to=2026-03-15')).toEqual([lateNight]);
    expect(await ids('to=2026-03-14')).toEqual([]);
    expect((await ids('')).sort()).toEqual([failed, paid, lateNight].sort());

    const rows = (await call(admin, 'GET', `/api/admin/refunds?code=${g.code}`)).json().refunds as Record<string, unknown>[];
    expect(rows.find((r) => r.id === failed)).toMatchObject({
      state: 'failed',
      failureCode: 'CAPTURE_FULLY_REFUNDED',
      failureReason: 'The capture has already been fully refunded',
    });
    expect(rows.find((r) => r.id === paid)).toMatchObject({ paidOutBy: users.PagamentoCash.email, paidOutHow: 'contanti allo sportello', requestedBy: admin.email });
  });

  it('pages 25 at a time, newest first', async () => {
    const g = await booking(users.buyer);
    const base = Date.parse('2026-05-01T10:00:00.000Z');
    for (let i = 0; i < 27; i++) await refund(g, { created_at: new Date(base + i * 60_000).toISOString(), amount_cents: 100 + i });
    const page = async (n: number) => (await call(users.Admin, 'GET', `/api/admin/refunds?code=${g.group}&page=${n}`)).json();
    const first = await page(1);
    expect(first.pagination).toMatchObject({ current_page: 1, last_page: 2, from: 1, to: 25, total: 27 });
    expect(first.refunds[0].amount).toBe(1.26);
    const second = await page(2);
    expect(second.pagination).toMatchObject({ from: 26, to: 27 });
    expect(second.refunds.map((r: { amount: number }) => r.amount)).toEqual([1.01, 1]);
  });

  it('refuses unknown filters and a range that ends before it starts (422)', async () => {
    for (const q of ['state=lost', 'source=bitcoin', 'from=2026-02-30', 'from=2026-03-02&to=2026-03-01', 'page=0', 'code=TOOLONGCODE']) {
      expect((await call(users.Admin, 'GET', `/api/admin/refunds?${q}`)).statusCode, q).toBe(422);
    }
  });
});

describe('POST /api/admin/refunds/{id}/retry', () => {
  it('Admin puts a failed refund back in the queue, due now; a refund that is not failed is 409, an unknown one 404', async () => {
    const id = await refund(mine, { state: 'failed', failure_code: 'TRANSACTION_REFUSED', failure_reason: 'refused', next_attempt_at: '2030-01-01T00:00:00.000Z' });
    const before = Date.now();
    const res = await call(users.Admin, 'POST', `/api/admin/refunds/${id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.refundRetried.it, refund: { id, state: 'pending' } });
    const row = await stateOf(id);
    expect(row.state).toBe('pending');
    expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThanOrEqual(before - 1000);

    const again = await call(users.Admin, 'POST', `/api/admin/refunds/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.refundNotFailed.it);
    expect((await call(users.Admin, 'POST', `/api/admin/refunds/${crypto.randomUUID()}/retry`)).statusCode).toBe(404);
    expect((await call(users.Admin, 'POST', '/api/admin/refunds/not%20an%20id/retry')).statusCode).toBe(422);
  });

  it('only Admin may retry: the visitor 401, everyone else 403, and nothing changes', async () => {
    const id = await refund(mine, { state: 'failed' });
    const before = await allRows();
    expect((await call(null, 'POST', `/api/admin/refunds/${id}/retry`)).statusCode).toBe(401);
    for (const who of [users.buyer, users.agency, users.Prenotazioni, users.PrenotaFull, users.Prenota, users.PagamentoCash, users.PagamentoAgenzia]) {
      expect((await call(who, 'POST', `/api/admin/refunds/${id}/retry`)).statusCode, who.name).toBe(403);
    }
    expect(await allRows()).toEqual(before);
  });
});

describe('POST /api/admin/refunds/{id}/payout', () => {
  it('the cashier records how a cash refund was paid: confirmed, with who and how', async () => {
    const id = await refund(mine, { source: 'cash', source_ref: '1' });
    const res = await call(users.PagamentoCash, 'POST', `/api/admin/refunds/${id}/payout`, { how: '  contanti allo sportello ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.refundPaidOut.it,
      refund: { id, state: 'confirmed', paidOutBy: users.PagamentoCash.email, paidOutHow: 'contanti allo sportello' },
    });
    const row = await stateOf(id);
    expect(row).toMatchObject({ state: 'confirmed', paid_out_by: users.PagamentoCash.id, paid_out_how: 'contanti allo sportello' });
    expect(row.confirmed_at).not.toBeNull();
    // Paid once: a second record is a conflict.
    expect((await call(users.Admin, 'POST', `/api/admin/refunds/${id}/payout`, { how: 'di nuovo' })).statusCode).toBe(409);
  });

  it('Admin records an operator-account refund; a card, PayPal or failed refund is 409, an unknown one 404', async () => {
    const account = await refund(mine, { source: 'account', source_ref: '2' });
    expect((await call(users.Admin, 'POST', `/api/admin/refunds/${account}/payout`, { how: 'accredito sul conto operatore' })).statusCode).toBe(200);
    for (const over of [{ source: 'sandbox' }, { source: 'paypal' }, { source: 'cash', state: 'failed' }] as const) {
      const id = await refund(mine, over);
      const res = await call(users.Admin, 'POST', `/api/admin/refunds/${id}/payout`, { how: 'contanti' });
      expect(res.statusCode, JSON.stringify(over)).toBe(409);
      expect(res.json().message).toBe(MESSAGES.refundNotManual.it);
      expect((await stateOf(id)).state).toBe(over.state ?? 'pending');
    }
    expect((await call(users.Admin, 'POST', `/api/admin/refunds/${crypto.randomUUID()}/payout`, { how: 'contanti' })).statusCode).toBe(404);
  });

  it('refuses a missing, blank or too long "how" (422) and callers without the power (401, 403), writing nothing', async () => {
    const id = await refund(mine, { source: 'cash' });
    const before = await allRows();
    for (const body of [{}, { how: '' }, { how: '   ' }, { how: 'x'.repeat(201) }, { how: 5 }]) {
      expect((await call(users.PagamentoCash, 'POST', `/api/admin/refunds/${id}/payout`, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call(null, 'POST', `/api/admin/refunds/${id}/payout`, { how: 'contanti' })).statusCode).toBe(401);
    for (const who of [users.buyer, users.agency, users.Prenotazioni, users.PrenotaFull, users.Prenota, users.PagamentoAgenzia]) {
      expect((await call(who, 'POST', `/api/admin/refunds/${id}/payout`, { how: 'contanti' })).statusCode, who.name).toBe(403);
    }
    expect(await allRows()).toEqual(before);
    expect((await call(users.PagamentoCash, 'POST', `/api/admin/refunds/${id}/payout`, { how: 'x'.repeat(200) })).statusCode).toBe(200);
  });
});
