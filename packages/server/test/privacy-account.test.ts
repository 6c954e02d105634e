import { MESSAGES } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { createBuyers, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { PASSWORD } from './accounts-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { paidBooking } from './ticket-changes-support.ts';

/** GDPR: the personal-data export (art. 15/20) and the account deletion (art. 17). */
const { app, db, dialect } = await buildTestApp();
const [staffer] = await createBuyers(app, 1, { roles: ['Prenotazioni'] });

const count = async (table: 'booking_requests' | 'tickets' | 'payments' | 'booking_passengers' | 'users' | 'booking_audit') =>
  Number((await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** A buyer logged in by cookie (the SPA), with a contact request and a mail to her address. */
async function customer() {
  const [buyer] = await createBuyers(app, 1);
  const browser = new Client(app);
  const login = await browser.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: buyer!.email, password: PASSWORD },
    headers: { 'user-agent': 'Privacy test browser' },
  });
  expect(login.statusCode, login.body).toBe(200);
  const at = new Date().toISOString();
  await db
    .insertInto('contact_requests')
    .values({
      lang: 'it',
      firstname: 'Maria',
      lastname: 'Rossi',
      email: buyer!.email,
      telephone: '333',
      request_type: 'contatto',
      message: 'Ciao',
      recipient: 'info@example.com',
      ip: '10.1.2.3',
      mail_id: null,
      created_at: at,
    })
    .execute();
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: buyer!.email,
      subject: 'Benvenuta',
      html: '<p>x</p>',
      text: 'x',
      kind: 'welcome',
      created_at: at,
      sent_at: at,
      transport: 'outbox',
      error: null,
    })
    .execute();
  return { ...buyer!, browser };
}

describe(`GET /api/user/data-export (${dialect})`, () => {
  it('a JSON attachment with the account, profile, bookings, passengers, tickets, payments, contact requests, sessions and mails; no hashes', async () => {
    const maria = await customer();
    const booking = await paidBooking(app, maria, { flight: await createFlight(db), paxes: [OWN_PAX, newPax()] });
    const res = await maria.browser.get('/api/user/data-export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="heliline-personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = res.json();
    expect(file).toMatchObject({ format: 'heliline-personal-data/1', account: { id: maria.id, email: maria.email }, roles: [], profile: { lastname: 'Rossi' } });
    expect(file.bookings.map((b: { code: string }) => b.code)).toEqual([booking.code]);
    expect(file.passengers).toHaveLength(2);
    expect(file.tickets.map((t: { ticket_nr: string }) => t.ticket_nr).sort()).toEqual(booking.tickets.map((t) => t.ticket_nr).sort());
    expect(file.payments).toMatchObject([{ reference: booking.code, status: 'approved' }]);
    expect(file.contact_requests).toMatchObject([{ message: 'Ciao', ip: '10.1.2.3' }]);
    expect(file.sessions).toMatchObject([{ user_agent: 'Privacy test browser' }]);
    expect(file.mails).toMatchObject([{ subject: 'Benvenuta', kind: 'welcome' }]);
    expect(file.api_tokens.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/argon2|password_hash|token_hash/);
    const session = await db.selectFrom('sessions').select('id').where('user_id', '=', maria.id).executeTakeFirstOrThrow();
    expect(res.body).not.toContain(session.id);
  });

  it('anonymous 401', async () => {
    expect((await new Client(app).get('/api/user/data-export')).statusCode).toBe(401);
  });
});

describe(`DELETE /api/user (${dialect})`, () => {
  it('refuses staff accounts (403, their message), a wrong password (422 next to the field) and a missing CSRF token (419), writing nothing', async () => {
    const staffRes = await new Client(app).request({ method: 'DELETE', url: '/api/user', payload: { current_password: PASSWORD }, bearer: staffer!.token });
    expect(staffRes.statusCode).toBe(403);
    expect(staffRes.json().message).toBe(MESSAGES.accountDeletionStaffRefused.it);
    const maria = await customer();
    const wrong = await maria.browser.request({ method: 'DELETE', url: '/api/user', payload: { current_password: 'wrong-password-1' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([MESSAGES.accountDeletionPasswordWrong.it]);
    const noCsrf = await maria.browser.request({ method: 'DELETE', url: '/api/user', payload: { current_password: PASSWORD }, noCsrf: true });
    expect(noCsrf.statusCode).toBe(419);
    expect(await db.selectFrom('users').select('email').where('id', '=', maria.id).executeTakeFirstOrThrow()).toEqual({ email: maria.email });
    expect((await maria.browser.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('pseudonymises the account, ends every way in, keeps the tax records with the pseudonym and future tickets valid', async () => {
    const maria = await customer();
    const future = await paidBooking(app, maria, { flight: await createFlight(db, { daysAhead: 30 }), paxes: [OWN_PAX, newPax()] });
    const flown = await paidBooking(app, maria, { flight: await createFlight(db, { daysAhead: 3 }), paxes: [OWN_PAX] });
    // The second booking's flight has flown.
    await db.updateTable('tickets').set({ departs_at: '2020-01-01T09:00:00.000Z' }).where('booking_code', '=', flown.code).execute();
    const before = { bookings: await count('booking_requests'), tickets: await count('tickets'), payments: await count('payments'), users: await count('users') };

    const res = await maria.browser.request({ method: 'DELETE', url: '/api/user', payload: { current_password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.accountDeleted.it);

    // Every way in ends: the cookie session, the bearer token, the password.
    expect((await maria.browser.get('/api/auth/user')).statusCode).toBe(401);
    expect((await new Client(app).get('/api/auth/user', { headers: { authorization: `Bearer ${maria.token}` } })).statusCode).toBe(401);
    const again = await new Client(app).post('/api/auth/login', { email: maria.email, password: PASSWORD });
    expect(again.statusCode).toBe(422);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', maria.id).execute()).toEqual([]);

    // The account: pseudonym, no personal data left.
    const user = await db.selectFrom('users').selectAll().where('id', '=', maria.id).executeTakeFirstOrThrow();
    expect(user.email).toBe(`deleted-user-${maria.id}@deleted.invalid`);
    const pax = await db.selectFrom('paxes').selectAll().where('user_id', '=', maria.id).executeTakeFirstOrThrow();
    expect(pax).toMatchObject({ lastname: 'Pseudonym', firstname: `U${maria.id}`, telephone: '', address: '', document_num: null, birthdate: null });

    // Tax records stay (nothing deleted), with the pseudonym as contact.
    expect({ bookings: await count('booking_requests'), tickets: await count('tickets'), payments: await count('payments'), users: await count('users') }).toEqual(
      before,
    );
    const contacts = await db.selectFrom('booking_requests').select(['contact_email', 'contact_telephone']).where('user_id', '=', maria.id).execute();
    expect(contacts).toEqual(contacts.map(() => ({ contact_email: user.email, contact_telephone: '' })));
    const payments = await db.selectFrom('payments').select('customer_email').where('reference', 'in', [future.code, flown.code]).execute();
    expect(payments.map((p) => p.customer_email)).toEqual([user.email, user.email]);

    // Flown: passenger names replaced. Still to fly: the tickets stay valid with their passengers.
    const flownTickets = await db.selectFrom('tickets').selectAll().where('booking_code', '=', flown.code).execute();
    expect(flownTickets.every((t) => t.lastname === 'Pseudonym' && t.doc_num === null && t.birth_date === '01/01/1900')).toBe(true);
    const futureTickets = await db.selectFrom('tickets').selectAll().where('booking_code', '=', future.code).execute();
    expect(futureTickets.map((t) => t.lastname).sort()).toEqual(future.tickets.map((t) => t.lastname).sort());
    expect(futureTickets.every((t) => t.contact_email === user.email && t.email === null)).toBe(true);
    const flownPassengers = await db
      .selectFrom('booking_passengers')
      .innerJoin('booking_requests', 'booking_requests.id', 'booking_passengers.booking_request_id')
      .select(['booking_passengers.lastname', 'booking_passengers.document_num'])
      .where('booking_requests.code', '=', flown.code)
      .execute();
    expect(flownPassengers).toEqual([{ lastname: 'Pseudonym', document_num: null }]);

    // Erased: the contact request and the mails to the address. Logged: one audit row per booking.
    expect(await db.selectFrom('contact_requests').select('id').where('email', '=', maria.email).execute()).toEqual([]);
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', maria.email).execute()).toEqual([]);
    expect((await app.services.audit.list(future.code)).at(-1)).toMatchObject({ action: 'pseudonymised', actor_user_id: maria.id, detail: { passengers_kept: true } });
    expect((await app.services.audit.list(flown.code)).at(-1)).toMatchObject({ action: 'pseudonymised', detail: { passengers_kept: false } });
  });

  it('password guesses count per account, like a password change: past five, even the right password is refused (429) from any address', async () => {
    const maria = await customer();
    for (let i = 0; i < 5; i++) {
      const wrong = await maria.browser.request({
        method: 'DELETE',
        url: '/api/user',
        payload: { current_password: `wrong-${i}-guess` },
        remoteAddress: `10.9.0.${i + 1}`,
      });
      expect(wrong.statusCode).toBe(422);
    }
    const locked = await maria.browser.request({ method: 'DELETE', url: '/api/user', payload: { current_password: PASSWORD }, remoteAddress: '10.9.1.1' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db.selectFrom('users').select('email').where('id', '=', maria.id).executeTakeFirstOrThrow()).toEqual({ email: maria.email });
  });

  it('anonymous 401, nothing written', async () => {
    const before = await count('booking_audit');
    expect((await new Client(app).request({ method: 'DELETE', url: '/api/user', payload: { current_password: PASSWORD } })).statusCode).toBe(401);
    expect(await count('booking_audit')).toBe(before);
  });
});
