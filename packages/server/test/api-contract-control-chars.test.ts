import { MESSAGES } from '@heliline/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { counts, nextIp, uniqueEmail, userSignup } from './accounts-support.ts';
import { asBuyer, bookingBody, bookingCounts, type Buyer, createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { buildTestApp, Client, type TestApp } from './helpers.ts';

/** NUL and other control characters answer 422 with the field's path, on SQLite and PostgreSQL alike. */
const t: TestApp = await buildTestApp();
let buyer: Buyer;
beforeAll(async () => {
  [buyer] = (await createBuyers(t.app, 1)) as [Buyer];
});

const NUL = '\u0000';

function expectControlCharacter(res: { statusCode: number; json(): { message_en: string; errors: Record<string, string[]> } }, path: string, lang: 'it' | 'en' = 'it') {
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(body.message_en).toBe(MESSAGES.controlCharacter.en);
  expect(body.errors).toEqual({ [path]: [MESSAGES.controlCharacter[lang]] });
}

describe('control characters in text fields answer 422', () => {
  it('account update: NUL in the address, a line break in the telephone; nothing written', async () => {
    const client = new Client(t.app);
    const before = await t.db.selectFrom('users').selectAll().where('id', '=', buyer.id).executeTakeFirstOrThrow();
    const base = { address: 'Via Roma 1', telephone: '+39 333 1234567', document_type: 2, document_num: 'YA1234567' };
    expectControlCharacter(await client.put('/api/auth/user', { ...base, address: `Via Roma${NUL}1` }, { bearer: buyer.token }), 'address');
    expectControlCharacter(await client.put('/api/auth/user', { ...base, telephone: '+39 333\n1234567' }, { bearer: buyer.token }), 'telephone');
    expect(await t.db.selectFrom('users').selectAll().where('id', '=', buyer.id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('register: NUL in a name, DEL and C1 elsewhere; no account made', async () => {
    const client = new Client(t.app);
    const before = await counts(t.db);
    const register = (patch: Record<string, unknown>) =>
      client.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...userSignup({ email: uniqueEmail() }), ...patch },
        headers: { 'x-forwarded-for': nextIp() },
      });
    expectControlCharacter(await register({ firstname: `Ma${NUL}ria` }), 'firstname');
    expectControlCharacter(await register({ lastname: 'Rossi\u007f' }), 'lastname');
    expectControlCharacter(await register({ address: 'Via\u0085Roma' }), 'address');
    expect(await counts(t.db)).toEqual(before);
  });

  it('coupon: NUL in the code', async () => {
    const res = await new Client(t.app).post('/api/check-coupon', { coupon: `test${NUL}15`, tickets: '100.00', tot: '120.00', att: 0 }, { bearer: buyer.token });
    expectControlCharacter(res, 'coupon');
  });

  it("booking store: NUL in a passenger's name; nothing written", async () => {
    const flight = await createFlight(t.db);
    const body = asBuyer(bookingBody({ flight, paxes: [OWN_PAX, newPax({ lastname: `Bian${NUL}chi` })] }), buyer.paxId);
    const before = await bookingCounts(t.db);
    expectControlCharacter(await new Client(t.app).post('/api/bookings', body, { bearer: buyer.token }), 'form.paxes.1.lastname');
    expect(await bookingCounts(t.db)).toEqual(before);
  });

  it("my tickets' passenger edit: a tab in the first name", async () => {
    const res = await new Client(t.app).put('/api/tickets/1234567890123/passenger', { firstname: 'Lu\tca', lastname: 'Bianchi' }, { bearer: buyer.token });
    expectControlCharacter(res, 'firstname');
  });

  it('contact form: NUL refused even in the message; line breaks and tabs only in the message', async () => {
    const client = new Client(t.app);
    const form = {
      firstname: 'Anna',
      lastname: 'Verdi',
      email: 'anna@example.com',
      telephone: '333 1234567',
      request_type: 'contatto',
      message: 'Buongiorno,\r\n\tvorrei sapere…',
    };
    const send = (patch: Record<string, unknown>) =>
      client.request({
        method: 'POST',
        url: '/api/contact-requests',
        payload: { lang: 'en', form: { ...form, ...patch }, captcha: 'x' },
        headers: { 'x-forwarded-for': nextIp() },
      });
    expectControlCharacter(await send({ message: `Hello${NUL}` }), 'form.message', 'en');
    expectControlCharacter(await send({ lastname: 'Verdi\r\n' }), 'form.lastname', 'en');
    // A multi-line message passes this check: the captcha is what refuses it here.
    const clean = await send({});
    expect(clean.statusCode).toBe(422);
    expect(Object.keys(clean.json().errors)).toEqual(['captcha']);
  });

  it('a query string: NUL in my tickets’ last-name filter', async () => {
    const res = await new Client(t.app).get(`/api/my-tickets?lastname=Ro${encodeURIComponent(NUL)}ssi`, { bearer: buyer.token });
    expectControlCharacter(res, 'lastname');
  });

  it('a path parameter: NUL in a booking code', async () => {
    const res = await new Client(t.app).get('/api/manage-bookings/AB%00CDE', { bearer: buyer.token });
    expectControlCharacter(res, 'code');
  });

  it('anonymous calls still learn 401 first', async () => {
    const res = await new Client(t.app).put('/api/auth/user', { address: NUL });
    expect(res.statusCode).toBe(401);
  });
});
