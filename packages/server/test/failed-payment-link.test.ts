import { describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, mailsTo, pathOf } from './accounts-support.ts';
import { createFlight, legCounters, payAtBank } from './booking-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp } from './helpers.ts';
import { staffUsers } from './staff-support.ts';

/** A new payment link from a selected row of the failed-bookings screen (issue 9 item 4). */
const { app, db, dialect, config } = await buildTestApp();
const users = await staffUsers(app);
const staff = users.Prenotazioni;
const TO = 'nuovo.link@example.com';
const sendLink = (who: { token: string }, code: string, email: string) =>
  caller(app, who).post(`/api/bookings-failed/${code}/payment-link`, { email_payment_link: email });
const statusOf = (code: string) => db.selectFrom('booking_requests').select(['status', 'hold_expires_at']).where('code', '=', code).executeTakeFirstOrThrow();

describe(`POST /api/bookings-failed/{code}/payment-link (${dialect})`, () => {
  it('an invalid address (spaces too) is refused with the screen’s message; nothing is sent or changed', async () => {
    const { code } = await failedBooking(app, users.buyer, 'declined');
    await caller(app, staff).lock({ code, status: true });
    for (const bad of [' nuovo.link@example.com', 'nuovo link@example.com', 'nuovo.link@', '']) {
      const res = await sendLink(staff, code, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Email per invio link non valida! - ricontrollare anche possibili spazi vuoti -');
      expect(res.json().errors.email_payment_link).toHaveLength(1);
    }
    expect(await mailsTo(db, TO)).toHaveLength(0);
    expect((await statusOf(code)).status).toBe('failed');
  });

  it('a declined booking: waits for payment again with its seats held anew, the link is mailed and paying it issues the tickets', async () => {
    const f = await createFlight(db, { seats: 3 });
    const { code } = await failedBooking(app, users.buyer, 'declined', f);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0 });
    await caller(app, staff).lock({ code, status: true });
    const res = await sendLink(staff, code, TO);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bookingCode: code, email: TO, message: `Link di pagamento inviato a ${TO}` });
    expect(res.json().bank_link).toMatch(new RegExp(`^${config.appUrl}/payment-link/`));
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 1 });
    expect(await statusOf(code)).toMatchObject({ status: 'pending', hold_expires_at: res.json().paymentDeadline });
    const mail = await lastMailTo(db, TO);
    expect(linkIn(mail.text, config.appUrl)).toBe(res.json().bank_link);

    const visit = await app.inject({ method: 'GET', url: pathOf(res.json().bank_link) });
    await payAtBank(app, String(visit.headers.location), 'approve');
    expect((await statusOf(code)).status).toBe('ticketed');
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 0, sold: 1 });
  });

  it('a pending booking gets the link as it is (same deadline, no second hold)', async () => {
    const f = await createFlight(db, { seats: 3 });
    const { code } = await failedBooking(app, users.buyer, 'pending', f);
    const before = await statusOf(code);
    await caller(app, staff).lock({ code, status: true });
    const res = await sendLink(staff, code, TO);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentDeadline).toBe(before.hold_expires_at);
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ held: 1 });
  });

  it('seats gone meanwhile: 409 and the booking stays failed; a row not selected by me: 409; roles: 403', async () => {
    const f = await createFlight(db, { seats: 1 });
    const { code } = await failedBooking(app, users.buyer, 'expired', f);
    await failedBooking(app, users.buyer, 'pending', f); // takes the only seat
    await caller(app, staff).lock({ code, status: true });
    const gone = await sendLink(staff, code, TO);
    expect(gone.statusCode).toBe(409);
    expect((await statusOf(code)).status).toBe('expired');

    const other = await failedBooking(app, users.buyer, 'declined');
    const notSelected = await sendLink(staff, other.code, TO);
    expect(notSelected.statusCode).toBe(409);
    expect(notSelected.json().messages.en).toBe(`Select booking ${other.code} before sending the link`);
    await caller(app, users.PrenotaFull).lock({ code: other.code, status: true });
    expect((await sendLink(staff, other.code, TO)).statusCode).toBe(409);
    // Admin manages the list but does not send payment links (spec §6).
    expect((await sendLink(users.Admin, other.code, TO)).statusCode).toBe(403);
    expect((await sendLink(users.buyer, other.code, TO)).statusCode).toBe(403);
    expect(await mailsTo(db, TO)).toHaveLength(2);
  });
});
