import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestMacFields, xpayMac } from '../src/modules/payments/nexi/mac.ts';
import { bookingBody, createBuyers, createFlight, legCounters, OWN_PAX, asBuyer } from './booking-support.ts';
import { nexiConfig, openNexiPage, payAtNexi, postNotification, signedResult } from './card-gateway-support.ts';
import { buildTestApp, Client } from './helpers.ts';

const { app, db, dialect, config } = await buildTestApp(nexiConfig());
const [buyer] = await createBuyers(app, 1);
const client = new Client(app);
const macKey = config.payments.nexi.macKey;

afterEach(() => {
  vi.useRealTimers();
});

async function book() {
  const f = await createFlight(db);
  const res = await client.post('/api/bookings', asBuyer(bookingBody({ flight: f, paxes: [OWN_PAX] }), buyer!.paxId), { bearer: buyer!.token });
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json() as { bookingCode: string; bank_link: string };
  const payment = await db.selectFrom('payments').selectAll().where('reference', '=', json.bookingCode).executeTakeFirstOrThrow();
  return { flight: f, code: json.bookingCode, bankLink: json.bank_link, payment, codTrans: payment.gateway_order_id! };
}

/** The buyer's 10-minute hold is over (the sweeper's next run decides what becomes of it). */
const holdEnds = (code: string) =>
  db
    .updateTable('booking_requests')
    .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('code', '=', code)
    .execute();
const status = async (code: string) => (await client.get(`/api/booking-status?code=${code}`, { headers: { authorization: `Bearer ${buyer!.token}` } })).json();
const paymentRow = (id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const notificationsOf = (id: string) => db.selectFrom('payment_notifications').selectAll().where('payment_id', '=', id).execute();
const ticketsOf = (code: string) => db.selectFrom('tickets').select('ticket_nr').where('booking_code', '=', code).execute();
const okResult = (codTrans: string, importo: number) => ({
  codTrans,
  esito: 'OK',
  importo: String(importo),
  divisa: 'EUR',
  data: '20261124',
  orario: '101500',
  codAut: 'A1B2C3',
  codiceEsito: '0',
});

describe(`Nexi XPay hosted page (${dialect})`, () => {
  it('redirects to the hosted page with the documented fields and a MAC over codTrans, divisa, importo', async () => {
    const { bankLink, payment, codTrans } = await book();
    const link = new URL(bankLink);
    expect(link.pathname).toBe('/nexi-standin/ecomm/ecomm/DispatcherServlet');
    const p = Object.fromEntries(link.searchParams);
    expect(p).toMatchObject({
      alias: config.payments.nexi.alias,
      importo: String(payment.amount_cents),
      divisa: 'EUR',
      codTrans,
      url: `${config.appUrl}/api/payments/nexi/return`,
      url_back: `${config.appUrl}/api/payments/nexi/back`,
      urlpost: `${config.appUrl}/api/payments/nexi/notify`,
      languageId: 'ITA',
      mail: 'maria.rossi@example.com',
    });
    expect(codTrans).toMatch(/^HL[0-9A-F]{24}$/);
    expect(p.mac).toBe(xpayMac(requestMacFields({ codTrans, divisa: 'EUR', importo: payment.amount_cents }), macKey));
    const page = await openNexiPage(app, bankLink);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Nexi XPay (stand-in)');

    // The stand-in refuses a request whose MAC does not match (XPay: codiceEsito 111).
    link.searchParams.set('importo', '1');
    const tampered = await openNexiPage(app, link.toString());
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('MAC errato');
  });
});

describe(`Nexi XPay outcomes (${dialect})`, () => {
  it('approved: urlpost recorded once, tickets issued, the buyer returns to the booking status', async () => {
    const { code, bankLink, payment, flight } = await book();
    const { decided, back } = await payAtNexi(app, bankLink, 'approve');
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toContain('/api/payments/nexi/return?');
    expect(back!.statusCode).toBe(303);
    expect(back!.headers.location).toBe(`${config.appUrl}${payment.return_path}`);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'approved', gateway: 'nexi' });
    // The notification and the confirmed return are one message of XPay: one row.
    expect(await notificationsOf(payment.id)).toHaveLength(1);
    expect(await status(code)).toMatchObject({ status: 1, booking: { state: 'ticketed' } });
    expect(await ticketsOf(code)).toHaveLength(1);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
  });

  it.each([
    ['103', "Autorizzazione negata dall'emittente della carta"],
    ['405', 'Fondi insufficienti'],
    ['401', 'Carta scaduta'],
  ])('declined %s: the failed page gets the bank message and error code, seats released', async (codice, message) => {
    const { code, bankLink, payment, flight } = await book();
    await payAtNexi(app, bankLink, `decline-${codice}`);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'declined', error_code: codice });
    expect(await status(code)).toMatchObject({ status: 0, pending: false, booking: { state: 'failed' }, bank: { message, error_code: codice } });
    expect(await ticketsOf(code)).toHaveLength(0);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
  });

  it('cancel: url_back decides nothing by itself; the status API says cancelled → abandoned with ANNULLO', async () => {
    const { code, bankLink, payment } = await book();
    const { decided, back } = await payAtNexi(app, bankLink, 'cancel');
    expect(decided.headers.location).toContain('/api/payments/nexi/back?');
    expect(decided.headers.location).toContain('esito=ANNULLO');
    expect(back!.statusCode).toBe(303);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'abandoned', error_code: 'ANNULLO' });
    expect(await status(code)).toMatchObject({ status: 0, bank: { error_code: 'ANNULLO', message: 'Pagamento annullato dal titolare della carta' } });
  });

  it('notification lost: the signed return, confirmed by the status API, records the approval (tickets)', async () => {
    const { code, bankLink, payment } = await book();
    // urlpost is outside the request MAC: point it where nothing answers 200, as when our server missed it.
    const link = new URL(bankLink);
    link.searchParams.set('urlpost', `${config.appUrl}/api/payments/nexi/nowhere`);
    const { back } = await payAtNexi(app, link.toString(), 'approve');
    expect(back!.statusCode).toBe(303);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'approved' });
    expect(await notificationsOf(payment.id)).toHaveLength(1);
    expect(await status(code)).toMatchObject({ status: 1, booking: { state: 'ticketed' } });
  });

  it('a url_back for a page still open changes nothing (anyone can type that address)', async () => {
    const { bankLink, payment, codTrans } = await book();
    await openNexiPage(app, bankLink);
    const res = await app.inject(`/api/payments/nexi/back?codTrans=${codTrans}&esito=ANNULLO`);
    expect(res.statusCode).toBe(303);
    expect((await paymentRow(payment.id)).status).toBe('pending');
  });

  it('a signed return the status API does not confirm writes nothing (the browser alone never decides)', async () => {
    const { bankLink, payment, codTrans } = await book();
    await openNexiPage(app, bankLink); // XPay: "In Corso"
    const forgedByKeyHolder = signedResult(okResult(codTrans, payment.amount_cents), macKey);
    const res = await app.inject(`/api/payments/nexi/return?${new URLSearchParams(forgedByKeyHolder).toString()}`);
    expect(res.statusCode).toBe(303);
    expect((await paymentRow(payment.id)).status).toBe('pending');
    expect(await notificationsOf(payment.id)).toHaveLength(0);
  });
});

describe(`Nexi XPay refusals write nothing (${dialect})`, () => {
  it('forged or altered MAC: notification 401, return page 401, nothing written', async () => {
    const { code, payment, codTrans } = await book();
    const forged = signedResult(okResult(codTrans, payment.amount_cents), 'not-the-merchant-key-0000');
    expect((await postNotification(app, forged)).statusCode).toBe(401);
    const genuine = signedResult(okResult(codTrans, payment.amount_cents), macKey);
    const altered = { ...genuine, codAut: 'ZZZZZZ' };
    expect((await postNotification(app, altered)).statusCode).toBe(401);
    const noMac = { ...genuine, mac: '' };
    expect((await postNotification(app, noMac)).statusCode).toBe(400);
    const page = await app.inject(`/api/payments/nexi/return?${new URLSearchParams(altered).toString()}`);
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('nessuna modifica è stata registrata');
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
    expect(await notificationsOf(payment.id)).toHaveLength(0);
    expect(await status(code)).toMatchObject({ booking: { state: 'pending' } });
  });

  it('amount or currency not ours: refused (400) even with a valid MAC, nothing written', async () => {
    const { payment, codTrans } = await book();
    const cheaper = signedResult(okResult(codTrans, payment.amount_cents - 100), macKey);
    expect((await postNotification(app, cheaper)).statusCode).toBe(400);
    const dollars = signedResult({ ...okResult(codTrans, payment.amount_cents), divisa: 'USD' }, macKey);
    expect((await postNotification(app, dollars)).statusCode).toBe(400);
    const unknown = signedResult(okResult('HLUNKNOWN000000000000000000', payment.amount_cents), macKey);
    expect((await postNotification(app, unknown)).statusCode).toBe(400);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
    expect(await notificationsOf(payment.id)).toHaveLength(0);
  });

  it('notification replayed and raced: one outcome, one ticket set', async () => {
    const { code, payment, codTrans } = await book();
    const fields = signedResult(okResult(codTrans, payment.amount_cents), macKey);
    const raced = await Promise.all(Array.from({ length: 10 }, () => postNotification(app, fields)));
    expect(raced.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(raced.filter((r) => r.json().replay === false)).toHaveLength(1);
    for (let i = 0; i < 5; i++) expect((await postNotification(app, fields)).json()).toMatchObject({ replay: true, paymentStatus: 'approved' });
    expect(await notificationsOf(payment.id)).toHaveLength(1);
    expect(await ticketsOf(code)).toHaveLength(1);
    expect(await status(code)).toMatchObject({ status: 1 });
    // A contradicting outcome after approval is refused.
    const ko = signedResult({ ...okResult(codTrans, payment.amount_cents), esito: 'KO', codAut: '', orario: '101600', codiceEsito: '103' }, macKey);
    expect((await postNotification(app, ko)).statusCode).toBe(409);
  });

  it('an approval after a recorded refusal (XPay retries on the same codTrans) is taken: tickets, not lost money', async () => {
    const { code, payment, codTrans } = await book();
    const ko = signedResult({ ...okResult(codTrans, payment.amount_cents), esito: 'KO', codAut: '', codiceEsito: '405' }, macKey);
    expect((await postNotification(app, ko)).json()).toMatchObject({ paymentStatus: 'declined' });
    expect(await status(code)).toMatchObject({ booking: { state: 'failed' } });
    const ok = signedResult({ ...okResult(codTrans, payment.amount_cents), orario: '101900' }, macKey);
    expect((await postNotification(app, ok)).json()).toMatchObject({ paymentStatus: 'approved', replay: false });
    expect(await status(code)).toMatchObject({ status: 1, booking: { state: 'ticketed' } });
  });
});

describe(`Nexi XPay pages left open and refunds (${dialect})`, () => {
  it('sweep: a page never reached and a page left open are abandoned (121) once XPay says so', async () => {
    const never = await book();
    const open = await book();
    await openNexiPage(app, open.bankLink);
    // Before the page's time nothing is asked.
    expect(await app.services.payments.sweepAbandoned()).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expect(await app.services.payments.sweepAbandoned()).toBeGreaterThanOrEqual(2);
    for (const b of [never, open]) {
      expect(await paymentRow(b.payment.id)).toMatchObject({ status: 'abandoned', error_code: '121' });
      expect((await status(b.code)).bank).toEqual({ message: 'Transazione chiusa per timeout', error_code: '121' });
    }
    // A second sweep finds nothing more to do.
    expect(await app.services.payments.sweepAbandoned()).toBe(0);
  });

  it('approved at XPay, but neither its notification nor the buyer came back: when the hold ends the sweeper asks XPay and issues the tickets', async () => {
    const { code, bankLink, payment, flight } = await book();
    const link = new URL(bankLink);
    link.searchParams.set('urlpost', `${config.appUrl}/api/payments/nexi/nowhere`);
    link.searchParams.set('url', `${config.appUrl}/api/payments/nexi/nowhere`);
    await payAtNexi(app, link.toString(), 'approve');
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
    await holdEnds(code);
    await app.services.sweeper.runOnce();
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'approved' });
    expect(await ticketsOf(code)).toHaveLength(1);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
  });

  it('a page still open when the hold ends: the hold expires, the payment stays pending until XPay says what became of it', async () => {
    const { code, bankLink, payment, flight } = await book();
    await openNexiPage(app, bankLink);
    await holdEnds(code);
    await app.services.sweeper.runOnce();
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
    expect(await ticketsOf(code)).toHaveLength(0);
    expect(await legCounters(db, flight.legIds[0]!)).toMatchObject({ held: 0, sold: 0 });
  });
});
