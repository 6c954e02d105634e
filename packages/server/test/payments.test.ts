import { describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '../src/modules/payments/contract.ts';
import { NOTIFY_PATH } from '../src/modules/payments/routes.ts';
import { PaymentsService } from '../src/modules/payments/service.ts';
import { SIGNATURE_HEADER, signBody } from '../src/modules/payments/signature.ts';
import { buildTestApp } from './helpers.ts';
import { openBankPage, paymentRequest, payThroughBank, submitBankForm } from './payments-support.ts';

const { app, db, config } = await buildTestApp();
const payments = new PaymentsService({ db, transactions: app.services.transactions, config, log: app.log });
const outcomes: PaymentOutcome[] = [];
payments.onOutcome(async (o) => {
  outcomes.push(o);
});

const paymentRow = (id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const orderOf = async (paymentId: string) => db.selectFrom('sandbox_bank_orders').selectAll().where('merchant_payment_id', '=', paymentId).executeTakeFirstOrThrow();
const notify = (raw: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: NOTIFY_PATH,
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    payload: raw,
  });

describe('payment and bank order ids', () => {
  it('are a prefix and a random UUID, within the id columns (varchar(40)), and differ each time', async () => {
    const first = await payments.create(paymentRequest({ amountCents: 1000 }));
    const second = await payments.create(paymentRequest({ amountCents: 1000 }));
    const ids = [first.paymentId, second.paymentId, (await orderOf(first.paymentId)).id, (await orderOf(second.paymentId)).id];
    for (const id of ids) {
      expect(id).toMatch(/^(pay|sbo)_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(id.length).toBeLessThanOrEqual(40);
    }
    expect(new Set(ids).size).toBe(4);
  });
});

describe('sandbox bank page', () => {
  it('shows merchant, amount and description in Italian and English, and no card fields', async () => {
    const created = await payments.create(paymentRequest({ amountCents: 12345 }));
    expect(created.redirectUrl).toMatch(new RegExp(`^${config.appUrl}/sandbox-bank/pay/sbo_[\\w-]+$`));

    const it_ = await openBankPage(app, created.redirectUrl);
    expect(it_.res.statusCode).toBe(200);
    expect(it_.res.headers['content-type']).toContain('text/html');
    expect(it_.res.body).toContain('<html lang="it">');
    expect(it_.res.body).toContain('Pagamento sicuro');
    expect(it_.res.body).toContain('Heliline');
    expect(it_.res.body).toMatch(/123,45\s€/);
    expect(it_.res.body).toContain('Heliline LID101 22/11/2026 – 2 passeggeri');
    expect(it_.res.body).toContain('Fondi insufficienti (51)');
    expect(it_.res.body).toContain('Carta scaduta (54)');
    expect(it_.res.body).not.toMatch(/name="(card|pan|cvv|cvc|expiry)/i);
    expect(it_.cookie).not.toBe('');
    expect(it_.token).not.toBe('');

    const en = await openBankPage(app, created.redirectUrl, 'en');
    expect(en.res.body).toContain('<html lang="en">');
    expect(en.res.body).toContain('Secure payment');
    expect(en.res.body).toContain('€123.45');
    expect(en.res.body).toContain('Insufficient funds (51)');
    expect(en.res.body).toContain('Cancel and return to the merchant');
  });

  it('answers 404 for an unknown order', async () => {
    const res = await app.inject('/sandbox-bank/pay/sbo_doesnotexist000000');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Ordine di pagamento inesistente');
  });
});

describe('sandbox bank outcomes through the signed notify route', () => {
  it('approve: records the payment approved and sends the buyer to the return path', async () => {
    const { created, res, page } = await payThroughBank(app, payments, 'approve', { reference: 'APPR01AA' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${config.appUrl}/booking-status/${Buffer.from('APPR01AA').toString('base64')}`);
    const row = await paymentRow(created.paymentId);
    expect(row).toMatchObject({ status: 'approved', reference: 'APPR01AA', amount_cents: 12345 });
    expect(row.completed_at).not.toBeNull();
    expect((await orderOf(created.paymentId)).state).toBe('approved');
    const notes = await db.selectFrom('payment_notifications').selectAll().where('payment_id', '=', created.paymentId).execute();
    expect(notes).toHaveLength(1);

    // a double click re-delivers the same notification: still one outcome, same redirect
    const again = await submitBankForm(app, page, 'decline-51');
    expect(again.statusCode).toBe(303);
    expect((await paymentRow(created.paymentId)).status).toBe('approved');
    expect(await db.selectFrom('payment_notifications').selectAll().where('payment_id', '=', created.paymentId).execute()).toHaveLength(1);

    // the page now says it was processed
    const after = await openBankPage(app, created.redirectUrl);
    expect(after.res.body).toContain('Questo pagamento è già stato elaborato');
  });

  it('decline: bank message and error code in the payment language', async () => {
    const it51 = await payThroughBank(app, payments, 'decline-51');
    expect(it51.res.statusCode).toBe(303);
    expect(await paymentRow(it51.created.paymentId)).toMatchObject({ status: 'declined', bank_message: 'Fondi insufficienti', error_code: '51' });

    const en54 = await payThroughBank(app, payments, 'decline-54', { lang: 'en' });
    expect(await paymentRow(en54.created.paymentId)).toMatchObject({ status: 'declined', bank_message: 'Expired card', error_code: '54' });
  });

  it('abandon: cancel on the bank page records abandoned with the bank message', async () => {
    const { created, res } = await payThroughBank(app, payments, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(await paymentRow(created.paymentId)).toMatchObject({
      status: 'abandoned',
      bank_message: 'Pagamento annullato dal titolare della carta',
      error_code: '17',
    });
  });

  it('refuses form posts without the page token or its cookie, and changes nothing', async () => {
    const created = await payments.create(paymentRequest());
    const page = await openBankPage(app, created.redirectUrl);
    const other = await openBankPage(app, (await payments.create(paymentRequest())).redirectUrl);

    for (const overrides of [{ token: '' }, { cookie: '' }, { token: other.token, cookie: other.cookie }, { cookie: 'sandbox_bank_form=forgedforgedforged123' }]) {
      const res = await submitBankForm(app, page, 'approve', overrides);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Ricarica la pagina');
    }
    // a choice the page never offers gets the bank's HTML page, not a JSON error
    const odd = await submitBankForm(app, page, 'decline-99');
    expect(odd.statusCode).toBe(400);
    expect(odd.headers['content-type']).toContain('text/html');
    expect((await paymentRow(created.paymentId)).status).toBe('pending');
    expect((await orderOf(created.paymentId)).state).toBe('open');
  });
});

describe('notify endpoint', () => {
  /** A decided order and its genuine notification, not yet delivered to the merchant. */
  async function decided(choice: 'approve' | 'decline-51' = 'approve') {
    const created = await payments.create(paymentRequest());
    const order = await orderOf(created.paymentId);
    await payments.bank.decide(order.id, choice === 'approve' ? { kind: 'approve' } : { kind: 'decline', code: '51' });
    const n = (await payments.bank.notificationFor(order.id))!;
    return { created, order, n };
  }

  it('accepts a genuine notification and answers a replay the same, changing nothing', async () => {
    const { created, n } = await decided();
    const first = await notify(n.raw, n.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'ok', replay: false, paymentStatus: 'approved' });
    const before = await paymentRow(created.paymentId);
    const events = await payments.events(created.paymentId);

    const replay = await notify(n.raw, n.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'ok', replay: true, paymentStatus: 'approved' });
    expect(await paymentRow(created.paymentId)).toEqual(before);
    expect(await payments.events(created.paymentId)).toEqual(events);
  });

  it('concurrent deliveries of one notification: one records it, the others answer as replays', async () => {
    const { created, n } = await decided();
    const answers = await Promise.all([1, 2, 3, 4].map(() => notify(n.raw, n.signature)));
    // the losers wait on the payment row, then find it final with the same outcome
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body).join('\n'),
    ).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().replay === false)).toHaveLength(1);
    expect((await paymentRow(created.paymentId)).status).toBe('approved');
    expect((await payments.events(created.paymentId)).filter((e) => e.kind === 'approved')).toHaveLength(1);
    const replay = await notify(n.raw, n.signature);
    expect(replay.json()).toEqual({ status: 'ok', replay: true, paymentStatus: 'approved' });
  });

  it('refuses a forged signature (401) and a missing one, nothing changes', async () => {
    const { created, n } = await decided();
    expect((await notify(n.raw, signBody('not-the-secret-not-the-secret-000', n.raw))).statusCode).toBe(401);
    expect((await notify(n.raw)).statusCode).toBe(401);
    const res = await notify(n.raw, 'sha256=00');
    expect(res.statusCode).toBe(401);
    expect(res.json().messages.en).toBe('Invalid notification signature');
    expect((await paymentRow(created.paymentId)).status).toBe('pending');
    expect(await db.selectFrom('payment_notifications').selectAll().where('payment_id', '=', created.paymentId).execute()).toHaveLength(0);
  });

  it('refuses a tampered body: old signature → 401; re-signed with our secret but a wrong amount → 400', async () => {
    const { created, n } = await decided('decline-51');
    const flipped = n.raw.replace('"declined"', '"approved"');
    expect((await notify(flipped, n.signature)).statusCode).toBe(401);

    const cheaper = n.raw.replace('"amountCents":12345', '"amountCents":1');
    expect(cheaper).not.toBe(n.raw);
    expect((await notify(cheaper, n.signature)).statusCode).toBe(401);
    const resigned = await notify(cheaper, signBody(config.paymentsSandboxSecret, cheaper));
    expect(resigned.statusCode).toBe(400);
    expect(resigned.json().messages.it).toBe('Notifica di pagamento non valida: nessuna modifica eseguita');

    const garbage = await notify('{"not":"ours"}', signBody(config.paymentsSandboxSecret, '{"not":"ours"}'));
    expect(garbage.statusCode).toBe(400);
    expect((await paymentRow(created.paymentId)).status).toBe('pending');

    // the genuine one still goes through afterwards
    expect((await notify(n.raw, n.signature)).json().paymentStatus).toBe('declined');
  });

  it('refuses a contradicting outcome (409) once a payment is final', async () => {
    const { created, n } = await decided('decline-51');
    await notify(n.raw, n.signature);
    const body = JSON.parse(n.raw) as Record<string, unknown>;
    const contradicting = JSON.stringify({ ...body, notificationId: 'ntf_other_notification_1', status: 'approved', bankMessage: null, errorCode: null });
    const res = await notify(contradicting, signBody(config.paymentsSandboxSecret, contradicting));
    expect(res.statusCode).toBe(409);
    expect((await paymentRow(created.paymentId)).status).toBe('declined');
  });

  it('is not subject to the browser CSRF check but is to its signature', async () => {
    const res = await app.inject({ method: 'POST', url: NOTIFY_PATH, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the notify endpoint, the bank status API and the ticket calls', async () => {
    const doc = (await app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths[NOTIFY_PATH]?.post).toBeDefined();
    expect(doc.paths['/sandbox-bank/api/orders/{orderId}']?.get).toBeDefined();
    expect(doc.paths['/api/submit-ticket']?.post).toBeDefined();
    expect(doc.paths['/api/send-single-ticket/{param}']?.post).toBeDefined();
    expect(doc.paths['/api/tickets/{ticketNr}/pdf']?.get).toBeDefined();
    expect(doc.paths['/api/bookings/{code}/pdf']?.get).toBeDefined();
    // the hosted page is HTML for browsers, not part of the API
    expect(doc.paths['/sandbox-bank/pay/{orderId}']).toBeUndefined();
  });
});

describe('PaymentsService', () => {
  it('tells outcome handlers once per verified notification, replays included', async () => {
    const created = await payments.create(paymentRequest({ reference: 'HNDL01AA', amountCents: 5000 }));
    const order = await orderOf(created.paymentId);
    await payments.bank.decide(order.id, { kind: 'decline', code: '54' });
    const n = (await payments.bank.notificationFor(order.id))!;
    outcomes.length = 0;
    await payments.handleNotification(n.raw, n.signature);
    await payments.handleNotification(n.raw, n.signature);
    expect(outcomes).toEqual([
      { paymentId: created.paymentId, gateway: 'sandbox', reference: 'HNDL01AA', status: 'declined', amountCents: 5000, bankMessage: 'Carta scaduta', errorCode: '54' },
      { paymentId: created.paymentId, gateway: 'sandbox', reference: 'HNDL01AA', status: 'declined', amountCents: 5000, bankMessage: 'Carta scaduta', errorCode: '54' },
    ]);
  });

  it("a failing handler fails the notification, and the bank's re-delivery calls it again", async () => {
    const flaky = new PaymentsService({ db, transactions: app.services.transactions, config, log: app.log });
    let calls = 0;
    flaky.onOutcome(async () => {
      calls++;
      if (calls === 1) throw new Error('booking module busy');
    });
    const created = await flaky.create(paymentRequest());
    const order = await orderOf(created.paymentId);
    await flaky.bank.decide(order.id, { kind: 'approve' });
    const n = (await flaky.bank.notificationFor(order.id))!;
    await expect(flaky.handleNotification(n.raw, n.signature)).rejects.toThrow('booking module busy');
    expect((await paymentRow(created.paymentId)).status).toBe('approved');
    const again = await flaky.handleNotification(n.raw, n.signature);
    expect(again.replay).toBe(true);
    expect(calls).toBe(2);
  });

  it('marks a page left open abandoned once the bank expires it, and tells the handlers', async () => {
    const created = await payments.create(paymentRequest({ reference: 'LEFT01AA' }));
    outcomes.length = 0;
    expect(await payments.sweepAbandoned(new Date(Date.now() + 5 * 60_000))).toBe(0);
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await payments.sweepAbandoned(later)).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(created.paymentId)).toMatchObject({ status: 'abandoned', error_code: '68', bank_message: 'Sessione di pagamento scaduta' });
    expect(outcomes.find((o) => o.paymentId === created.paymentId)?.status).toBe('abandoned');
    expect(await payments.sweepAbandoned(later)).toBe(0);

    // the bank's status API says expired and the page no longer takes a choice
    const order = await orderOf(created.paymentId);
    const state = await app.inject(`/sandbox-bank/api/orders/${order.id}`);
    expect(state.json()).toMatchObject({ orderId: order.id, state: 'expired' });
    const page = await app.inject(new URL(created.redirectUrl).pathname);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('La sessione di pagamento è scaduta');
  });

  it('refuses bad create requests', async () => {
    await expect(payments.create(paymentRequest({ amountCents: 0 }))).rejects.toThrow(RangeError);
    await expect(payments.create(paymentRequest({ returnPath: 'https://evil.example/' }))).rejects.toThrow(RangeError);
    await expect(payments.create(paymentRequest({ returnPath: '//evil.example/' }))).rejects.toThrow(RangeError);
  });
});
