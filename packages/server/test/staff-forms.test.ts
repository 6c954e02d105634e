import { describe, expect, it } from 'vitest';
import { lastMailTo, pathOf } from './accounts-support.ts';
import { createFlight, newPax, payAtBank } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { CONTACT, staffClient, staffUsers, storeBody } from './staff-support.ts';

/** The check-in forms flagged in email_forms_pdf ride with the ticket mail (issue 9 item 6). */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const { post } = staffClient(app);

/** The attachments of the last mail to the contact, once the sender (woken by the commit) has rendered them. */
const attachmentsOfLastMail = async () => {
  await app.mailer.sender.drain();
  const mail = await lastMailTo(db, CONTACT);
  expect(mail.kind).toBe('booking-tickets');
  return (await app.mailer.attachmentNames([mail.id])).map((a) => ({ filename: a.filename, type: a.content_type, size: Number(a.size) }));
};

describe(`forms attached to the ticket mail (${dialect})`, () => {
  it('cash booking with the pregnancy and weapons forms: both PDFs beside the tickets', async () => {
    const f = await createFlight(db);
    const body = storeBody(2, f, users.Admin, { form: { email_forms_pdf: { minor: false, pregnant: true, weapons: true } } });
    expect((await post('/api/bookings', body, users.Admin)).statusCode).toBe(200);
    const files = await attachmentsOfLastMail();
    expect(files.map((a) => a.filename).filter((n) => n.startsWith('heliline-modulo'))).toEqual(['heliline-modulo-gravidanza.pdf', 'heliline-modulo-armi-munizioni.pdf']);
    expect(files.every((a) => a.type === 'application/pdf' && a.size > 500)).toBe(true);
    expect(files).toHaveLength(4);
  });

  it('no flags, no forms', async () => {
    const f = await createFlight(db);
    expect((await post('/api/bookings', storeBody(2, f, users.Admin), users.Admin)).statusCode).toBe(200);
    expect((await attachmentsOfLastMail()).map((a) => a.filename).filter((n) => n.startsWith('heliline-modulo'))).toEqual([]);
  });

  it('an unattended minor paid through the payment link: the minor form comes with the tickets', async () => {
    const f = await createFlight(db);
    const child = newPax({ category: 'c', birthDate: '01/01/2017', firstname: 'Lia', gender: 'F', document_num: 'CH1' });
    const body = storeBody(-1, f, users.PrenotaFull, { paxes: [child], form: { totals: undefined, unattendedMinor: true, minorDisclaimer: true } });
    const json = (await post('/api/bookings', body, users.PrenotaFull)).json();
    const visit = await app.inject({ method: 'GET', url: pathOf(json.payment_link) });
    await payAtBank(app, String(visit.headers.location), 'approve');
    expect((await attachmentsOfLastMail()).map((a) => a.filename)).toContain('heliline-modulo-minore-non-accompagnato.pdf');
  });
});
