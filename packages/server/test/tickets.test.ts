import { encodeSingleTicketParam } from '@heliline/domain';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { TicketsService } from '../src/modules/tickets/service.ts';
import { createUser, IpClient, lastMailTo, login } from './accounts-support.ts';
import { buildTestApp, Client } from './helpers.ts';
import { RestartableSmtp } from './mail-queue-support.ts';
import { pdfText } from './my-tickets-pdf-support.ts';
import { issueRequest } from './payments-support.ts';

const { app, db, config } = await buildTestApp();
const tickets = new TicketsService({ db, config, mailer: app.mailer, log: app.log, pdfCompress: false });

const owner = await createUser(db);
const stranger = await createUser(db);
const staff = await createUser(db, { roles: ['Prenotazioni'] });
const cashier = await createUser(db, { roles: ['PagamentoCash'] });

async function issued(options: Parameters<typeof issueRequest>[1] = {}, overrides: Partial<Parameters<typeof issueRequest>[0]> = {}) {
  const request = issueRequest({ ownerUserId: owner.id, ...overrides }, options);
  const list = await db.transaction().execute((trx) => tickets.issue(trx, request));
  return { request, list };
}

/** A logged-in browser of its own IP address (the login limit is per IP). */
async function clientFor(user: { email: string; password: string }, lang: 'it' | 'en' = 'it') {
  const client = new IpClient(app, lang);
  await login(client, user);
  return client;
}

describe('TicketsService.issue', () => {
  it('issues one 7-digit ticket per passenger per journey, return and outbound linked both ways', async () => {
    const { list, request } = await issued({ passengers: 3 });
    expect(list).toHaveLength(6);
    expect(new Set(list.map((t) => t.ticketNr)).size).toBe(6);
    for (const t of list) expect(t.ticketNr).toMatch(/^[1-9]\d{6}$/);
    for (const key of ['1', '2', '3']) {
      const out = list.find((t) => t.passengerKey === key && t.direction === 'd')!;
      const back = list.find((t) => t.passengerKey === key && t.direction === 'c')!;
      expect(out.ticketNrInv).toBe(back.ticketNr);
      expect(back.ticketNrInv).toBe(out.ticketNr);
    }
    expect(list[0]).toMatchObject({ passengerKey: '1', direction: 'd', fullname: 'Rossi Maria', birthDate: '14/03/1985', email: null });
    expect(await tickets.listForBooking(request.bookingCode)).toEqual(list);
  });

  it('one way: no linked ticket', async () => {
    const { list } = await issued({ passengers: 1, roundTrip: false });
    expect(list).toHaveLength(1);
    expect(list[0]!.ticketNrInv).toBeNull();
  });

  it('is idempotent per booking: a second call returns the same tickets and writes nothing', async () => {
    const { request, list } = await issued();
    const again = await db.transaction().execute((trx) => tickets.issue(trx, request));
    expect(again).toEqual(list);
    const rows = await db.selectFrom('tickets').select('ticket_nr').where('booking_code', '=', request.bookingCode).execute();
    expect(rows).toHaveLength(4);
  });

  it("runs inside the caller's transaction: a rollback leaves no ticket", async () => {
    const request = issueRequest({ ownerUserId: owner.id });
    await expect(
      db.transaction().execute(async (trx) => {
        await tickets.issue(trx, request);
        throw new Error('payment handler failed later');
      }),
    ).rejects.toThrow('payment handler failed later');
    expect(await tickets.listForBooking(request.bookingCode)).toEqual([]);
  });

  it('numbers do not follow each other', async () => {
    const { list } = await issued({ passengers: 4 });
    const sorted = list.map((t) => Number(t.ticketNr)).sort((a, b) => a - b);
    const consecutive = sorted.slice(1).every((n, i) => n === sorted[i]! + 1);
    expect(consecutive).toBe(false);
  });

  it('refuses a request without a price for every passenger and journey', async () => {
    const request = issueRequest({ ownerUserId: owner.id });
    request.prices.pop();
    await expect(db.transaction().execute((trx) => tickets.issue(trx, request))).rejects.toThrow(/no price/);
  });
});

describe('ticket PDFs', () => {
  it('are real PDFs with the ticket number, passenger, flight, Rome time, Italian route, prices and check-in notice', async () => {
    const { request, list } = await issued();
    const rows = await tickets.rowsForBooking(request.bookingCode);
    const pdf = await tickets.pdf([rows[0]!], 'it');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(list[0]!.ticketNr);
    expect(text).toContain(list[0]!.ticketNrInv!); // the linked return ticket
    expect(text).toContain('Rossi Maria');
    expect(text).toContain('LID101');
    expect(text).toContain('22/07/2026');
    expect(text).toContain('09:00'); // 07:00 UTC in summer = 09:00 in Rome
    expect(text).toContain('Foggia – Isole Tremiti');
    expect(text).toContain('67,50');
    expect(text).toContain('chiudono tassativamente 10 minuti prima della partenza (08:50)');
    expect(text).toContain('60x40x20 cm');
    expect(text).toContain("Carta d'imbarco: mostrare il codice QR al check-in");

    const en = pdfText(await tickets.pdf([rows[0]!], 'en'));
    expect(en).toContain('Electronic ticket');
    expect(en).toContain('Foggia – Isole Tremiti');
    expect(en).toContain('close strictly 10 minutes before departure (08:50)');
    expect(en).toContain('Boarding pass: show the QR code at check-in');
  });
});

describe('ticket e-mails', () => {
  it('mailBookingTickets queues one mail to the contact address in the transaction; the sender attaches every ticket, in the booking language', async () => {
    const { request, list } = await issued({}, { contactEmail: 'family.en@example.com', lang: 'en' });
    await app.services.transactions.run((trx) => tickets.mailBookingTickets(trx, request.bookingCode));
    await app.mailer.sender.drain();
    const mail = await lastMailTo(db, 'family.en@example.com');
    expect(mail).toMatchObject({ transport: 'outbox', attach_json: null, error: null });
    expect(mail.sent_at).not.toBeNull();
    expect(mail.subject).toBe(`Heliline - Your tickets, booking ${request.bookingCode}`);
    expect(mail.html).toContain('<html lang="en">');
    for (const t of list) expect(mail.text).toContain(t.ticketNr);
    expect(mail.text).toContain('close strictly 10 minutes before departure');
    // each ticket's own window: LID101 takes off at 09:00 Rome, LID102 at 17:30
    expect(mail.text).toContain('LID101 22/07/2026, 09:00 · Foggia – Isole Tremiti · check-in from 08:30 to 08:50');
    expect(mail.text).toContain('check-in from 17:00 to 17:20');
    const files = await db.selectFrom('mail_attachments').selectAll().where('mail_id', '=', mail.id).orderBy('id').execute();
    expect(files.map((f) => f.filename)).toEqual(list.map((t) => `heliline-ticket-${t.ticketNr}.pdf`));
    expect(Buffer.from(files[0]!.content_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // the developer mailbox lists the attachment names
    const box = await app.inject('/api/dev/mailbox?to=family.en@example.com&limit=1');
    expect(box.json().mails[0].attachments.map((a: { filename: string }) => a.filename)).toEqual(files.map((f) => f.filename));
    const page = await app.inject(`/dev/mailbox/${mail.id}`);
    expect(page.body).toContain(`heliline-ticket-${list[0]!.ticketNr}.pdf`);
  });

  it('a booking the transaction rolls back leaves no mail behind', async () => {
    const request = issueRequest({ ownerUserId: owner.id, contactEmail: 'rolled.back@example.com' });
    class Undo extends Error {}
    await expect(
      app.services.transactions.run(async (trx) => {
        await tickets.issue(trx, request);
        await tickets.mailBookingTickets(trx, request.bookingCode);
        throw new Undo();
      }),
    ).rejects.toThrow(Undo);
    await app.mailer.sender.drain();
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'rolled.back@example.com').execute()).toEqual([]);
  });

  it('queues nothing for a booking without tickets', async () => {
    await app.services.transactions.run((trx) => tickets.mailBookingTickets(trx, 'ZZZZZZZZ'));
    expect(await db.selectFrom('mail_outbox').select('id').where('subject', 'like', '%ZZZZZZZZ%').execute()).toEqual([]);
  });
});

describe('POST /api/submit-ticket', () => {
  it('sends the passenger tickets to the typed address; answer without an errors key', async () => {
    const { list } = await issued();
    const client = await clientFor(owner);
    const mine = list.filter((t) => t.passengerKey === '2').map((t) => t.ticketNr);
    const res = await client.post('/api/submit-ticket', { email: 'luca.bianchi@example.com', tickets: mine });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errors).toBeUndefined();
    expect(body.message).toBe('biglietto inviato');
    expect(body.messages).toEqual({ it: 'biglietto inviato', en: 'ticket sent' });
    const mail = await lastMailTo(db, 'luca.bianchi@example.com');
    const files = await db.selectFrom('mail_attachments').select('filename').where('mail_id', '=', mail.id).execute();
    expect(files.map((f) => f.filename).sort()).toEqual(mine.map((n) => `heliline-ticket-${n}.pdf`).sort());
    // remembered as the passenger's ticket e-mail
    expect(
      (await tickets.listForBooking(list[0]!.ticketNr ? (await tickets.findTicket(mine[0]!))!.booking_code : ''))
        .filter((t) => t.passengerKey === '2')
        .map((t) => t.email),
    ).toEqual(['luca.bianchi@example.com', 'luca.bianchi@example.com']);
  });

  it("refuses a bad address with 'email non valida' (422) and sends nothing", async () => {
    const { list } = await issued();
    const client = await clientFor(owner);
    const before = await db.selectFrom('mail_outbox').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const email of ['not-an-address', ' spaced@example.com', '', 'a@b']) {
      const res = await client.post('/api/submit-ticket', { email, tickets: [list[0]!.ticketNr] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['email non valida']);
    }
    const missing = await client.post('/api/submit-ticket', { email: 'ok@example.com' });
    expect(missing.statusCode).toBe(422);
    const bad = await client.post('/api/submit-ticket', { email: 'ok@example.com', tickets: ['12'] });
    expect(bad.statusCode).toBe(422);
    const after = await db.selectFrom('mail_outbox').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("401 when not logged in; someone else's ticket is 404; booking staff may send", async () => {
    const { list } = await issued();
    const nr = list[0]!.ticketNr;
    expect((await new Client(app).post('/api/submit-ticket', { email: 'x@example.com', tickets: [nr] })).statusCode).toBe(401);
    const other = await clientFor(stranger);
    const res = await other.post('/api/submit-ticket', { email: 'thief@example.com', tickets: [nr] });
    expect(res.statusCode).toBe(404);
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'thief@example.com').execute()).toEqual([]);
    expect((await (await clientFor(cashier)).post('/api/submit-ticket', { email: 'x@example.com', tickets: [nr] })).statusCode).toBe(404);
    expect((await (await clientFor(staff)).post('/api/submit-ticket', { email: 'desk@example.com', tickets: [nr] })).statusCode).toBe(200);
  });
});

describe('POST /api/send-single-ticket/{base64(ticketNr:email)}', () => {
  it("sends one ticket: {status: 'success', error: null} and 'Ticket {n} sent!'", async () => {
    const { list } = await issued();
    const nr = list[1]!.ticketNr;
    const client = await clientFor(owner, 'en');
    const res = await client.post(`/api/send-single-ticket/${encodeSingleTicketParam(nr, 'single@example.com')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', error: null, message: `Ticket ${nr} sent!` });
    const mail = await lastMailTo(db, 'single@example.com');
    expect(mail.subject).toBe(`Heliline - Ticket ${nr}`);
  });

  it('refuses bad parameters, bad addresses, other users, anonymous and cross-site calls', async () => {
    const { list } = await issued();
    const nr = list[0]!.ticketNr;
    const client = await clientFor(owner);
    const bad = await client.post(`/api/send-single-ticket/${Buffer.from('not-a-ticket').toString('base64')}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ status: 'error' });
    const badEmail = await client.post(`/api/send-single-ticket/${encodeSingleTicketParam(nr, 'nope')}`);
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().error).toBe('email non valida');
    expect((await client.post(`/api/send-single-ticket/${encodeSingleTicketParam('0000001', 'a@example.com')}`)).statusCode).toBe(404);
    expect((await (await clientFor(stranger)).post(`/api/send-single-ticket/${encodeSingleTicketParam(nr, 'a@example.com')}`)).statusCode).toBe(404);
    expect((await new Client(app).post(`/api/send-single-ticket/${encodeSingleTicketParam(nr, 'a@example.com')}`)).statusCode).toBe(401);
    const cross = await client.request({
      method: 'POST',
      url: `/api/send-single-ticket/${encodeSingleTicketParam(nr, 'a@example.com')}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
  });
});

describe('PDF endpoints', () => {
  it('serve the owner and booking staff; others 404; anonymous 401', async () => {
    const { request, list } = await issued();
    const nr = list[0]!.ticketNr;
    const mine = await clientFor(owner);
    const one = await mine.get(`/api/tickets/${nr}/pdf`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(one.rawPayload.toString('latin1')).toContain(nr); // the info dictionary is never compressed

    const whole = await mine.get(`/api/bookings/${request.bookingCode}/pdf?lang=en`);
    expect(whole.statusCode).toBe(200);
    for (const t of list) expect(whole.rawPayload.toString('latin1')).toContain(t.ticketNr);
    const group = await mine.get(`/api/bookings/${request.bookingCode.slice(0, 6)}/pdf`);
    expect(group.statusCode).toBe(200);

    const other = await clientFor(stranger);
    expect((await other.get(`/api/tickets/${nr}/pdf`)).statusCode).toBe(404);
    expect((await other.get(`/api/bookings/${request.bookingCode}/pdf`)).statusCode).toBe(404);
    expect((await mine.get('/api/tickets/0000001/pdf')).statusCode).toBe(404);
    expect((await mine.get('/api/tickets/abc/pdf')).statusCode).toBe(404);
    expect((await new Client(app).get(`/api/tickets/${nr}/pdf`)).statusCode).toBe(401);
    expect((await new Client(app).get(`/api/bookings/${request.bookingCode}/pdf`)).statusCode).toBe(401);

    const desk = await clientFor(staff);
    expect((await desk.get(`/api/tickets/${nr}/pdf`)).statusCode).toBe(200);
    expect((await desk.get(`/api/bookings/${request.bookingCode}/pdf`)).statusCode).toBe(200);
  });
});

describe('when the mail server refuses', async () => {
  // Nothing listens on port 9 of the loopback address: every delivery fails at once.
  const down = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
  const downTickets = down.app.services.tickets;
  const buyer = await createUser(down.db);

  it("the receipt answers 'errore server. riprovare' with an errors key, single send 'Sending failed...', and the booking mail is kept with its error", async () => {
    const request = issueRequest({ ownerUserId: buyer.id, contactEmail: 'down.contact@example.com' });
    const list = await down.app.services.transactions.run(async (trx) => {
      const issuedList = await downTickets.issue(trx, request);
      await downTickets.mailBookingTickets(trx, request.bookingCode);
      return issuedList;
    });
    await down.app.mailer.sender.drain();
    const kept = await lastMailTo(down.db, 'down.contact@example.com');
    expect(kept.error).not.toBeNull();
    expect(kept.sent_at).toBeNull();

    const client = new IpClient(down.app, 'en');
    await login(client, buyer);
    const res = await client.post('/api/submit-ticket', { email: 'pax@example.com', tickets: [list[0]!.ticketNr] });
    expect(res.statusCode).toBe(502);
    expect(res.json().messages).toEqual({ it: 'errore server. riprovare', en: 'error while sending ticket. please retry' });
    expect(res.json().errors).toBeDefined();
    const single = await client.post(`/api/send-single-ticket/${encodeSingleTicketParam(list[0]!.ticketNr, 'pax@example.com')}`);
    expect(single.statusCode).toBe(502);
    expect(single.json()).toMatchObject({ status: 'error', error: 'Sending failed...' });
  });
});

describe('ticket e-mail over real SMTP', async () => {
  /** mailparser's attachments (test/mailparser.d.ts declares only what the accounts tests read). */
  type WithAttachments = ParsedMail & { attachments: { filename?: string; contentType: string; content: Buffer }[] };
  const smtp = new RestartableSmtp();
  await smtp.start();
  afterAll(() => smtp.stop());
  const received = smtp.received as WithAttachments[];
  const smtpApp = await buildTestApp({ smtpUrl: smtp.url });
  const smtpTickets = smtpApp.app.services.tickets;
  const buyer = await createUser(smtpApp.db);

  it('arrives with HTML, text and one PDF per ticket', async () => {
    const request = issueRequest({ ownerUserId: buyer.id, contactEmail: 'smtp.tickets@example.com' });
    const list = await smtpApp.app.services.transactions.run(async (trx) => {
      const issuedList = await smtpTickets.issue(trx, request);
      await smtpTickets.mailBookingTickets(trx, request.bookingCode);
      return issuedList;
    });
    await smtpApp.app.mailer.sender.drain();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe(`Heliline - I tuoi biglietti, prenotazione ${request.bookingCode}`);
    expect(mail.html).toContain('Heliline');
    expect(mail.text).toContain(list[0]!.ticketNr);
    expect(mail.attachments.map((a) => a.filename).sort()).toEqual(list.map((t) => `heliline-ticket-${t.ticketNr}.pdf`).sort());
    for (const a of mail.attachments) {
      expect(a.contentType).toBe('application/pdf');
      expect(a.content.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const row = await lastMailTo(smtpApp.db, 'smtp.tickets@example.com');
    expect(row).toMatchObject({ transport: 'smtp', error: null });
  });
});
