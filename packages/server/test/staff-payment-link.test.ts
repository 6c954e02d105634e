import { describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, pathOf } from './accounts-support.ts';
import { createFlight, legCounters, payAtBank } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { CONTACT, everything, LINK_TO, MESSAGES, staffClient, staffUsers, storeBody } from './staff-support.ts';

/** Type -1: the payment link (issue 9 item 3), and PaymentLinksService as other modules reuse it. */
const { app, db, dialect, config } = await buildTestApp();
const users = await staffUsers(app);
const { post } = staffClient(app);
const staff = users.Prenotazioni;

/** The hold runs out: the deadline moves to now and the sweeper runs. */
const expire = async (code: string) => {
  await app.services.requests.expireNow(code);
  await app.services.requests.sweep();
};
const statusOf = (code: string) => db.selectFrom('booking_requests').select(['id', 'status', 'hold_expires_at']).where('code', '=', code).executeTakeFirstOrThrow();

describe(`payment link, type -1 (${dialect})`, () => {
  it('holds the seats, e-mails our link to email_payment_link and answers it; the link opens the bank; paying issues the tickets', async () => {
    const f = await createFlight(db, { seats: 6 });
    const res = await post('/api/bookings', storeBody(-1, f, staff), staff);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ status: 'success', type: -1, bank_link: null, email_payment_link: LINK_TO });
    expect(json.payment_link).toMatch(new RegExp(`^${config.appUrl}/payment-link/[\\w-]{40,}$`));
    expect(json.messages.it).toBe(`Link di pagamento inviato a ${LINK_TO}`);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 2, sold: 0 });

    const mail = await lastMailTo(db, LINK_TO);
    expect(mail.kind).toBe('payment-link');
    expect(linkIn(mail.text, config.appUrl)).toBe(json.payment_link);
    // Only the token's hash is stored.
    const stored = await db.selectFrom('payment_links').selectAll().executeTakeFirstOrThrow();
    expect(json.payment_link).not.toContain(stored.token_hash);

    const visit = await app.inject({ method: 'GET', url: pathOf(json.payment_link) });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toMatch(/\/sandbox-bank\/pay\/sbo_/);
    await payAtBank(app, String(visit.headers.location), 'approve');
    expect((await statusOf(json.bookingCode)).status).toBe('ticketed');
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0, sold: 2 });
    expect((await lastMailTo(db, CONTACT)).kind).toBe('booking-tickets');
    // Paid: the link now shows the expired page, never the bank again.
    expect((await app.inject({ method: 'GET', url: pathOf(json.payment_link) })).statusCode).toBe(410);
  });

  it('after the hold the link shows a clear expired page in it and en; an unknown token a not-valid page', async () => {
    const f = await createFlight(db);
    const json = (await post('/api/bookings', storeBody(-1, f, staff), staff)).json();
    await expire(json.bookingCode);
    const it = await app.inject({ method: 'GET', url: pathOf(json.payment_link) });
    expect(it.statusCode).toBe(410);
    expect(it.headers['content-type']).toMatch(/text\/html/);
    expect(it.body).toContain(MESSAGES.paymentLinkExpiredTitle.it);
    expect(it.body).toContain('lang="it"');
    const en = await app.inject({ method: 'GET', url: `${pathOf(json.payment_link)}?lang=en` });
    expect(en.body).toContain(MESSAGES.paymentLinkExpiredTitle.en);
    const unknown = await app.inject({ method: 'GET', url: '/payment-link/not-a-real-token-at-all' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(MESSAGES.paymentLinkUnknownTitle.it);
  });

  it("a bad link address is a 422 on contacts.email_payment_link ('Email per invio link non valida!'): nothing written, nothing sent", async () => {
    const f = await createFlight(db);
    const before = await everything(db);
    for (const bad of ['', 'nope', ' cliente@example.com', 'a@b']) {
      const body = storeBody(-1, f, staff, { form: { contacts: { email: CONTACT, telephone: '1', email_payment_link: bad } } });
      const res = await post('/api/bookings', body, staff);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors['contacts.email_payment_link']).toEqual(['Email per invio link non valida!']);
    }
    expect(await everything(db)).toEqual(before);
  });

  it('PaymentLinksService.send: resends the same bank page to another address; refuses a bad address (422), an unknown code (404), a booking no longer pending (409)', async () => {
    const f = await createFlight(db);
    const json = (await post('/api/bookings', storeBody(-1, f, staff), staff)).json();
    const links = app.services.paymentLinks;
    const again = await links.send(json.bookingCode, 'altro@example.com', 'en', { id: staff.id });
    expect(again.email).toBe('altro@example.com');
    expect(again.link).not.toBe(json.payment_link);
    const a = await app.inject({ method: 'GET', url: pathOf(json.payment_link) });
    const b = await app.inject({ method: 'GET', url: pathOf(again.link) });
    expect(b.headers.location).toBe(a.headers.location);
    expect((await lastMailTo(db, 'altro@example.com')).subject).toBe(`Heliline - Payment link for booking ${json.bookingCode}`);
    await expect(links.send(json.bookingCode, 'bad address', 'it', { id: staff.id })).rejects.toMatchObject({ status: 422 });
    await expect(links.send('ZZZZZZ22', 'ok@example.com', 'it', { id: staff.id })).rejects.toMatchObject({ status: 404 });
    await expire(json.bookingCode);
    await expect(links.send(json.bookingCode, 'ok@example.com', 'it', { id: staff.id })).rejects.toMatchObject({ status: 409 });
  });

  it('only Prenotazioni and PrenotaFull send links', async () => {
    const f = await createFlight(db, { seats: 20 });
    for (const who of Object.values(users)) {
      const before = await everything(db);
      const res = await post('/api/bookings', storeBody(-1, f, who), who);
      const allowed = who.name === 'Prenotazioni' || who.name === 'PrenotaFull';
      expect(res.statusCode, `${who.name}: ${res.body}`).toBe(allowed ? 200 : 403);
      if (!allowed) expect(await everything(db)).toEqual(before);
    }
  });
});
