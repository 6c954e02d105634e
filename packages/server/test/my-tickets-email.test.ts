import type { ParsedMail } from 'mailparser';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { IpClient, lastMailTo, login } from './accounts-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { RestartableSmtp } from './mail-queue-support.ts';
import { hasAcroForm, pdfFormFields, pdfText } from './my-tickets-pdf-support.ts';
import { cancelTicket, clientFor, createUser, issueTickets } from './my-tickets-support.ts';

/** mailparser's attachments (test/mailparser.d.ts declares only what the accounts tests read). */
type WithAttachments = ParsedMail & { to?: { text: string }; attachments: { filename?: string; contentType: string; content: Buffer }[] };
const smtp = new RestartableSmtp();
await smtp.start();
afterAll(() => smtp.stop());
const received = smtp.received as WithAttachments[];
const { app, db } = await buildTestApp({ smtpUrl: smtp.url });

const owner = await createUser(db);
const stranger = await createUser(db);
const mine = await clientFor(app, owner);
const NO_FORMS = { minor: false, pregnant: false, weapons: false };
const send = (client: Client, nr: string, payload: unknown) => client.post(`/api/tickets/${nr}/email`, payload);
const ticket = (nr: string) => db.selectFrom('tickets').selectAll().where('ticket_nr', '=', nr).executeTakeFirstOrThrow();

beforeEach(() => {
  received.length = 0;
});

describe('POST /api/tickets/{ticketNr}/email', () => {
  it("sends the ticket PDF with the chosen forms to the booking's address over SMTP (outbox first), and stores email_pdf_forms", async () => {
    const t = await issueTickets(app, owner, { passengers: 1, contactEmail: 'family.rossi@example.com' });
    const nr = t.numbers[0]!;
    const res = await send(mine, nr, { pdfType: 'ticket', recipient: 'emailBooking', forms: { minor: true, pregnant: false, weapons: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Email inviata a family.rossi@example.com',
      email: 'family.rossi@example.com',
      attachments: [`heliline-ticket-${nr}.pdf`, 'heliline-modulo-minore-non-accompagnato.pdf', 'heliline-modulo-armi-munizioni.pdf'],
      email_pdf_forms: { minor: true, pregnant: false, weapons: true },
    });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe(`Heliline - Biglietto ${nr}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(res.json().attachments);
    for (const a of mail.attachments) expect(a.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(mail.attachments[0]!.content)).toContain(nr);
    const minor = mail.attachments[1]!.content;
    expect(hasAcroForm(minor)).toBe(true);
    const fields = pdfFormFields(minor);
    expect(fields.find((f) => f.name === 'ticket_nr')?.value).toBe(nr);
    expect(fields.find((f) => f.name === 'passenger_lastname')?.value).toBe(t.passengers[0]!.lastname);
    expect(await lastMailTo(db, 'family.rossi@example.com')).toMatchObject({ transport: 'smtp', error: null, kind: 'ticket' });

    expect(JSON.parse((await ticket(nr)).email_pdf_forms!)).toEqual({ minor: true, pregnant: false, weapons: true });
    const [row] = (await mine.get(`/api/my-tickets?ticketNr=${nr}`)).json().bookings;
    expect(row.email_pdf_forms).toEqual({ minor: true, pregnant: false, weapons: true });
    const [event] = await db.selectFrom('ticket_events').selectAll().where('ticket_nr', '=', nr).execute();
    expect(event).toMatchObject({ kind: 'email', actor_user_id: owner.id });
  });

  it("the whole booking's PDF in the booking's language (en), forms stored on every ticket of it", async () => {
    const t = await issueTickets(app, owner, { passengers: 2, lang: 'en', contactEmail: 'en.booking@example.com' });
    const res = await send(mine, t.numbers[1]!, { pdfType: 'booking', recipient: 'emailBooking', forms: { minor: false, pregnant: true, weapons: false } });
    expect(res.statusCode).toBe(200);
    const mail = received[0]!;
    expect(mail.subject).toBe(`Heliline - Your tickets, booking ${t.bookingCode}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`heliline-booking-${t.bookingCode}.pdf`, 'heliline-form-pregnancy.pdf']);
    const booking = pdfText(mail.attachments[0]!.content);
    for (const nr of t.numbers) expect(booking).toContain(nr);
    expect(pdfText(mail.attachments[1]!.content)).toContain('Pregnant passenger declaration (up to the 8th month)');
    for (const nr of t.numbers) expect(JSON.parse((await ticket(nr)).email_pdf_forms!)).toEqual({ minor: false, pregnant: true, weapons: false });
  });

  it("to the passenger's address: 422 while there is none, sent once the pax modal saved one", async () => {
    const t = await issueTickets(app, owner, { passengers: 1, roundTrip: false });
    const nr = t.numbers[0]!;
    const refused = await send(mine, nr, { pdfType: 'ticket', recipient: 'emailPax' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Nessun indirizzo email valido per il destinatario scelto', errors: { recipient: expect.any(Array) } });
    expect(received).toHaveLength(0);
    await db.updateTable('tickets').set({ email: 'maria.pax@example.com' }).where('ticket_nr', '=', nr).execute();
    const ok = await send(mine, nr, { pdfType: 'ticket', recipient: 'emailPax' });
    expect(ok.json()).toMatchObject({ email: 'maria.pax@example.com', attachments: [`heliline-ticket-${nr}.pdf`], email_pdf_forms: NO_FORMS });
    expect(received.map((m) => m.to?.text)).toEqual(['maria.pax@example.com']);
  });

  it('never takes an address from the request, refuses bad bodies (422), cancelled tickets (409), strangers (404), anonymous (401)', async () => {
    const t = await issueTickets(app, owner, { passengers: 1, roundTrip: false });
    const nr = t.numbers[0]!;
    expect((await send(mine, nr, { pdfType: 'ticket', recipient: 'someone@evil.example' })).statusCode).toBe(422);
    expect((await send(mine, nr, { pdfType: 'all', recipient: 'emailBooking' })).statusCode).toBe(422);
    expect((await send(await clientFor(app, stranger), nr, { pdfType: 'ticket', recipient: 'emailBooking' })).statusCode).toBe(404);
    expect((await send(mine, '0000001', { pdfType: 'ticket', recipient: 'emailBooking' })).statusCode).toBe(404);
    expect((await send(new Client(app), nr, { pdfType: 'ticket', recipient: 'emailBooking' })).statusCode).toBe(401);
    await cancelTicket(db, nr);
    expect((await send(mine, nr, { pdfType: 'ticket', recipient: 'emailBooking' })).statusCode).toBe(409);
    expect(received).toHaveLength(0);
  });

  it('is limited per ticket (5 an hour) and per user (20 an hour, across addresses): 429 with Retry-After', async () => {
    const sender = await createUser(db);
    const client = await clientFor(app, sender);
    const t = await issueTickets(app, sender, { passengers: 3 });
    const [first, ...others] = t.numbers;
    const payload = { pdfType: 'ticket', recipient: 'emailBooking' };
    for (let i = 0; i < 5; i++) expect((await send(client, first!, payload)).statusCode).toBe(200);
    const limited = await send(client, first!, payload);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Same user from other addresses (the per-IP limit is not what stops it): 20 in all.
    const elsewhere = [new IpClient(app), new IpClient(app)];
    for (const c of elsewhere) await login(c, sender);
    let sent = 5 + 1; // the refused one counted against the user too
    for (const nr of others) {
      for (let i = 0; i < 4 && sent < 20; i++, sent++) expect((await send(elsewhere[sent % 2]!, nr, payload)).statusCode).toBe(200);
    }
    const userLimited = await send(elsewhere[0]!, others.at(-1)!, payload);
    expect(userLimited.statusCode).toBe(429);
    expect(userLimited.headers['retry-after']).toBeDefined();
    expect(received).toHaveLength(19);
  });
});

describe('when the mail server refuses', async () => {
  // Nothing listens on port 9 of the loopback address: every delivery fails at once.
  const down = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
  const buyer = await createUser(down.db);

  it('answers 502 with a message, keeps the mail in the outbox with its error, and stores nothing on the ticket', async () => {
    const t = await issueTickets(down.app, buyer, { passengers: 1, roundTrip: false, contactEmail: 'down.my@example.com' });
    const res = await send(await clientFor(down.app, buyer, 'en'), t.numbers[0]!, { pdfType: 'ticket', recipient: 'emailBooking', forms: { minor: true } });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The email could not be sent: try again later');
    expect(await lastMailTo(down.db, 'down.my@example.com')).toMatchObject({ sent_at: null, error: expect.any(String) });
    const row = await down.db.selectFrom('tickets').select('email_pdf_forms').where('ticket_nr', '=', t.numbers[0]!).executeTakeFirstOrThrow();
    expect(row.email_pdf_forms).toBeNull();
  });
});
