import { afterAll, describe, expect, it } from 'vitest';
import { type RefundGateway } from '../src/modules/refunds/contract.ts';
import { NexiRefunds, nexiRecordedCents, PaypalRefunds, SandboxRefunds } from '../src/modules/refunds/gateways.ts';
import { RefundActions } from '../src/modules/refunds/actions.ts';
import { RefundWorker, type RefundWorkerOptions } from '../src/modules/refunds/worker.ts';
import { createBuyers, createFlight, insertBareRequest } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { payThroughBank } from './payments-support.ts';
import { approvedPayment, approvedXpayOrder, nexiStandIn, paypalStandIn, pendingRefund, refundMails, refundRow } from './refunds-worker-support.ts';

/**
 * The refund worker against each gateway's stand-in (issue 51 item 3): partial refunds, an
 * idempotent replay after a lost answer, a refusal that fails the row with the gateway's reason,
 * a timeout retried with backoff, never beyond the capture, and one send with two workers.
 */
const { app, db, dialect } = await buildTestApp();
const { transactions, payments } = app.services;
const paypal = await paypalStandIn();
const nexi = await nexiStandIn();
afterAll(async () => {
  await paypal.app.close();
  await nexi.app.close();
});

/** The workers' clock: real time moved ahead by `skew` (a retry's wait, a lapsed lease). */
let skew = 0;
const now = () => new Date(Date.now() + skew);
const TIMEOUT_MS = 300;

function worker(options: Partial<RefundWorkerOptions> = {}, gateways: Partial<Record<'nexi' | 'paypal' | 'sandbox', RefundGateway>> = {}) {
  return new RefundWorker({
    db,
    transactions,
    mailer: app.mailer,
    log: app.log,
    now,
    options,
    gateways: {
      nexi: new NexiRefunds(nexi.client, nexiRecordedCents(db), TIMEOUT_MS),
      paypal: new PaypalRefunds(paypal.client, TIMEOUT_MS),
      sandbox: new SandboxRefunds(payments.bank, transactions),
      ...gateways,
    },
  });
}

/** A PayPal capture of `value` at the stand-in and our paypal_orders row for it. */
async function paypalCapture(value: string, cents: number) {
  const { orderId, captureId } = paypal.state.completedCapture(value);
  const flight = await createFlight(db);
  const [buyer] = await createBuyers(app, 1);
  const requestId = await insertBareRequest(db, buyer!.id, flight.flightId);
  const at = new Date().toISOString();
  await db
    .insertInto('paypal_orders')
    .values({
      id: orderId,
      booking_request_id: requestId,
      request_key: orderId,
      amount_cents: cents,
      status: 'COMPLETED',
      capture_id: captureId,
      error_code: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { orderId, captureId, requestId };
}

/** A payment approved at the sandbox bank through its page. */
async function sandboxPayment(amountCents: number) {
  const { created } = await payThroughBank(app, payments, 'approve', { amountCents });
  const payment = (await payments.get(created.paymentId))!;
  return { paymentId: payment.id, orderId: payment.gateway_order_id! };
}

describe(`refund worker, PayPal (${dialect})`, () => {
  it('partial refunds of one capture, one PayPal refund each; the "refund sent" mail goes with the state', async () => {
    const { orderId, captureId, requestId } = await paypalCapture('80.00', 8000);
    const a = await pendingRefund(db, 'paypal', orderId, 3000, { requestId });
    const b = await pendingRefund(db, 'paypal', orderId, 2500, { requestId });
    const mailsBefore = (await refundMails(db)).length;
    expect(await worker().runDue()).toBe(2);
    for (const row of [await refundRow(db, a.id), await refundRow(db, b.id)]) {
      expect(row).toMatchObject({ state: 'confirmed', attempts: 1, lease_until: null, failure_code: null });
      expect(paypal.state.refunds.get(row.gateway_refund_id!)).toMatchObject({ captureId, cents: row.amount_cents });
    }
    expect(paypal.state.refundedCents(captureId)).toBe(5500);
    const mails = (await refundMails(db)).slice(mailsBefore);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('€30.00');
    expect(mails[0]!.text).toContain('RFND2A');
    expect(mails[0]!.text).toContain('PayPal');
  });

  it('an answer that never came (timeout): retried later with the same PayPal-Request-Id, and PayPal has one refund', async () => {
    const { orderId, captureId, requestId } = await paypalCapture('40.00', 4000);
    const row = await pendingRefund(db, 'paypal', orderId, 1500, { requestId });
    paypal.state.refundSwitches.hold();
    await worker().runDue();
    paypal.state.refundSwitches.release();
    const waiting = await refundRow(db, row.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, failure_code: 'TIMEOUT', lease_until: null });
    // Backoff: the first retry waits a minute.
    const wait = Date.parse(waiting.next_attempt_at) - Date.parse(waiting.updated_at);
    expect(wait).toBe(60_000);
    expect(await worker().runDue()).toBe(0);
    skew += 60_000;
    await worker().runDue();
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'confirmed', attempts: 2 });
    expect(paypal.state.refundedCents(captureId)).toBe(1500);
    expect([...paypal.state.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);
  });

  it('a refusal (TRANSACTION_REFUSED) fails the row with the reason; staff retry sends it', async () => {
    const { orderId, requestId } = await paypalCapture('20.00', 2000);
    const row = await pendingRefund(db, 'paypal', orderId, 2000, { requestId });
    paypal.state.refundSwitches.refuse = 'TRANSACTION_REFUSED';
    await worker().runDue();
    paypal.state.refundSwitches.refuse = null;
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'failed', failure_code: 'TRANSACTION_REFUSED', failure_reason: 'Refund refused (stand-in switch).' });
    let woken = 0;
    const actions = new RefundActions({ transactions, mailer: app.mailer, worker: { wake: () => woken++ }, now });
    expect(await actions.retry(row.id)).toBe(true);
    expect(await actions.retry(row.id)).toBe(false);
    expect(woken).toBe(1);
    expect((await refundRow(db, row.id)).idempotency_key).not.toBe(row.idempotency_key);
    await worker().runDue();
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'confirmed', failure_code: null });
  });

  it('more than the capture has left: PayPal says REFUND_AMOUNT_EXCEEDED; a fully refunded capture CAPTURE_FULLY_REFUNDED', async () => {
    const { orderId, captureId, requestId } = await paypalCapture('10.00', 1000);
    // Money refunded at PayPal outside this ledger (its dashboard): what is left is less than the row.
    paypal.state.refunds.set('OUTSIDE', { id: 'OUTSIDE', captureId, value: '6.00', cents: 600, status: 'COMPLETED', createdAt: new Date().toISOString() });
    const over = await pendingRefund(db, 'paypal', orderId, 500, { requestId });
    await worker().runDue();
    expect(await refundRow(db, over.id)).toMatchObject({ state: 'failed', failure_code: 'REFUND_AMOUNT_EXCEEDED' });
    paypal.state.refunds.set('OUTSIDE2', { id: 'OUTSIDE2', captureId, value: '4.00', cents: 400, status: 'COMPLETED', createdAt: new Date().toISOString() });
    const full = await pendingRefund(db, 'paypal', orderId, 100, { requestId });
    await worker().runDue();
    expect(await refundRow(db, full.id)).toMatchObject({ state: 'failed', failure_code: 'CAPTURE_FULLY_REFUNDED' });
  });
});

describe(`refund worker, Nexi XPay (${dialect})`, () => {
  it('partial storni of one order, with MAC; more than what is left is refused with XPay code and text', async () => {
    const codTrans = approvedXpayOrder(nexi.state, 9000);
    const paymentId = await approvedPayment(db, 'nexi', codTrans, 9000);
    const a = await pendingRefund(db, 'nexi', paymentId, 4000);
    const b = await pendingRefund(db, 'nexi', paymentId, 3000);
    await worker().runDue();
    expect(await refundRow(db, a.id)).toMatchObject({ state: 'sent' });
    expect(await refundRow(db, b.id)).toMatchObject({ state: 'sent' });
    expect(nexi.state.orders.get(codTrans)!.refunds.map((r) => r.importo)).toEqual([4000, 3000]);
    expect(nexi.state.stato(nexi.state.orders.get(codTrans)!)).toBe('Rimborsato Parz.');
    // Staff refunded 1500 in XPay's back office by hand: it is not taken for the next row (a first call reads nothing back), and 1000 more is refused by XPay.
    nexi.state.refund(nexi.state.orders.get(codTrans)!, 1500);
    const c = await pendingRefund(db, 'nexi', paymentId, 1000);
    await worker().runDue();
    expect(await refundRow(db, c.id)).toMatchObject({ state: 'failed', failure_code: '404', failure_reason: 'Transazione non permessa' });
    expect(nexi.calls.filter((p) => p.endsWith('/situazioneOrdine'))).toHaveLength(0);
  });

  it('storna taken but its answer lost (timeout): the retry reads the refund back from situazioneOrdine and sends nothing again', async () => {
    const codTrans = approvedXpayOrder(nexi.state, 5000);
    const paymentId = await approvedPayment(db, 'nexi', codTrans, 5000);
    const row = await pendingRefund(db, 'nexi', paymentId, 1200);
    nexi.state.refundSwitches.hold();
    await worker().runDue();
    nexi.state.refundSwitches.release();
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'pending', failure_code: 'TIMEOUT' });
    expect(nexi.state.orders.get(codTrans)!.refunds).toHaveLength(1);
    skew += 60_000;
    const storniBefore = nexi.calls.filter((p) => p.endsWith('/storna')).length;
    await worker().runDue();
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(nexi.calls.filter((p) => p.endsWith('/storna')).length).toBe(storniBefore);
    expect(nexi.state.orders.get(codTrans)!.refunds).toHaveLength(1);
  });

  it('a refusal switch (XPay 103) fails the row with the Italian text of the code', async () => {
    const codTrans = approvedXpayOrder(nexi.state, 3000);
    const paymentId = await approvedPayment(db, 'nexi', codTrans, 3000);
    const row = await pendingRefund(db, 'nexi', paymentId, 3000);
    nexi.state.refundSwitches.refuse = '103';
    await worker().runDue();
    nexi.state.refundSwitches.refuse = null;
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'failed', failure_code: '103' });
    expect((await refundRow(db, row.id)).failure_reason).toContain('emittente');
  });
});

describe(`refund worker, sandbox bank (${dialect})`, () => {
  it('partial refunds written in the bank books, idempotent by key; its order page lists them', async () => {
    const { paymentId, orderId } = await sandboxPayment(6000);
    const row = await pendingRefund(db, 'sandbox', paymentId, 2500);
    await worker().runDue();
    const sent = await refundRow(db, row.id);
    expect(sent).toMatchObject({ state: 'sent' });
    // The same key again (a worker that died before its commit): the bank answers the same refund.
    const again = await new SandboxRefunds(payments.bank, transactions).refund({
      gatewayRef: orderId,
      amountCents: 2500,
      idempotencyKey: row.idempotency_key,
      capturedCents: 6000,
    });
    expect(again).toEqual({ ok: true, gatewayRefundId: sent.gateway_refund_id, confirmed: false });
    expect(await payments.bank.refunds(orderId)).toHaveLength(1);
    const over = await new SandboxRefunds(payments.bank, transactions).refund({ gatewayRef: orderId, amountCents: 3600, idempotencyKey: 'other', capturedCents: 6000 });
    expect(over).toMatchObject({ ok: false, retryable: false, code: '13' });

    const page = await app.inject({ method: 'GET', url: `/sandbox-bank/pay/${orderId}?lang=en` });
    expect(page.body).toContain('Refunds');
    expect(page.body).toContain('€25.00');
    expect(page.body).toContain('Credited to the card');
    const status = await app.inject({ method: 'GET', url: `/sandbox-bank/api/orders/${orderId}` });
    expect(status.json()).toMatchObject({ state: 'approved', refunds: [{ id: sent.gateway_refund_id, amountCents: 2500, state: 'done' }] });
  });

  it('never sends more than the payment captured (defence in depth): the row fails without a call', async () => {
    const { paymentId, orderId } = await sandboxPayment(1000);
    const first = await pendingRefund(db, 'sandbox', paymentId, 700);
    await worker().runDue();
    expect(await refundRow(db, first.id)).toMatchObject({ state: 'sent' });
    const second = await pendingRefund(db, 'sandbox', paymentId, 400);
    await worker().runDue();
    expect(await refundRow(db, second.id)).toMatchObject({ state: 'failed', failure_code: 'OVER_CAPTURE' });
    expect(await payments.bank.refunds(orderId)).toHaveLength(1);
  });

  it('cash and account refunds are never sent: staff record the payout (who, how), the customer gets the mail', async () => {
    const cash = await pendingRefund(db, 'cash', '1', 1500);
    await worker().runDue();
    expect(await refundRow(db, cash.id)).toMatchObject({ state: 'pending', attempts: 0 });
    const actions = new RefundActions({ transactions, mailer: app.mailer, worker: { wake: () => {} }, now });
    const [cashier] = await createBuyers(app, 1);
    expect(await actions.recordPayout(cash.id, cashier!.id, 'contanti allo sportello')).toBe(true);
    expect(await actions.recordPayout(cash.id, cashier!.id, 'again')).toBe(false);
    expect(await refundRow(db, cash.id)).toMatchObject({ state: 'confirmed', paid_out_by: cashier!.id, paid_out_how: 'contanti allo sportello' });
    expect((await refundMails(db)).some((m) => m.text.includes('in cash at the desk'))).toBe(true);
  });

  it('two workers at once: one claims the row, the gateway is called once', async () => {
    const { paymentId } = await sandboxPayment(2000);
    const row = await pendingRefund(db, 'sandbox', paymentId, 2000);
    let calls = 0;
    const slow: RefundGateway = {
      refund: async (r) => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new SandboxRefunds(payments.bank, transactions).refund(r);
      },
    };
    await Promise.all([worker({}, { sandbox: slow }).runDue(), worker({}, { sandbox: slow }).runDue()]);
    expect(calls).toBe(1);
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('retries back off exponentially up to six hours', async () => {
    const { paymentId } = await sandboxPayment(900);
    const row = await pendingRefund(db, 'sandbox', paymentId, 900);
    const down: RefundGateway = { refund: async () => ({ ok: false, retryable: true, code: '503', reason: 'bank unavailable' }) };
    const waitAfter = async (attempts: number) => {
      await db.updateTable('refunds').set({ attempts, next_attempt_at: now().toISOString() }).where('id', '=', row.id).execute();
      await worker({}, { sandbox: down }).runDue();
      const r = await refundRow(db, row.id);
      expect(r).toMatchObject({ state: 'pending', attempts: attempts + 1, failure_code: '503', failure_reason: 'bank unavailable' });
      return Date.parse(r.next_attempt_at) - Date.parse(r.updated_at);
    };
    expect(await waitAfter(0)).toBe(60_000);
    expect(await waitAfter(1)).toBe(120_000);
    expect(await waitAfter(4)).toBe(16 * 60_000);
    expect(await waitAfter(12)).toBe(6 * 3600_000);
  });

  it('a claim whose worker died lapses: the next run takes it after the lease', async () => {
    const { paymentId } = await sandboxPayment(1500);
    const row = await pendingRefund(db, 'sandbox', paymentId, 1500);
    // A worker claimed it a moment ago and died: its lease runs another minute.
    await db
      .updateTable('refunds')
      .set({ lease_until: new Date(now().getTime() + 60_000).toISOString(), attempts: 1 })
      .where('id', '=', row.id)
      .execute();
    expect(await worker().runDue()).toBe(0);
    skew += 61_000;
    expect(await worker().runDue()).toBe(1);
    expect(await refundRow(db, row.id)).toMatchObject({ state: 'sent', attempts: 2 });
  });
});
