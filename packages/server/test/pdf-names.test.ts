import { isPrintableName, PDF_FORM_KINDS } from '@heliline/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderForm } from '../src/modules/pdf/forms.ts';
import { FONT, renderPdf } from '../src/modules/pdf/render.ts';
import { formPrefill } from '../src/modules/tickets/my-tickets/email.ts';
import { asBuyer, bookingBody, bookingCounts, createFlight, newPax, OWN_PAX } from './booking-support.ts';
import { deskFlight, deskTickets } from './checkin-support.ts';
import { Client, buildTestApp, type TestApp } from './helpers.ts';
import { pdfFonts, pdfText } from './my-tickets-pdf-support.ts';
import { staffUsers } from './staff-support.ts';

/** Every name prints (issue 52 item 2): tickets, booking, manifest and forms embed a font with Latin Extended, Greek and Cyrillic. */
const t: TestApp = await buildTestApp();
let users: Awaited<ReturnType<typeof staffUsers>>;
beforeAll(async () => {
  users = await staffUsers(t.app);
});

const NAMES = [
  { lastname: 'Wąsik', firstname: 'Łukasz' },
  { lastname: 'Dvořák', firstname: 'Jiří' },
  { lastname: 'Παπαδοπούλου', firstname: 'Ελένη' },
  { lastname: 'Şahin', firstname: 'Ömer' },
  { lastname: 'Иванова', firstname: 'Niccolò' },
];

const get = (url: string, token: string) => new Client(t.app).request({ method: 'GET', url, bearer: token });

/** The text holds every name, and every font of the file is embedded Noto Sans. */
function expectNamesPrinted(pdf: Buffer, what: string, names = NAMES) {
  const text = pdfText(pdf);
  for (const n of names) {
    expect(text, what).toContain(n.lastname);
    expect(text, what).toContain(n.firstname);
  }
  const fonts = pdfFonts(pdf);
  expect(fonts.length, what).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font, what).toMatchObject({ embedded: true, type: 'CID TrueType' });
    expect(font.name, what).toMatch(/^[A-Z]{6}\+NotoSans-(Regular|Bold)$/);
  }
}

describe('names in every script the booking accepts print', () => {
  it('ticket, booking, manifest (it, en) and form PDFs', async () => {
    const flight = await deskFlight(t.db);
    const { code, numbers } = await deskTickets(t.app, flight, users.buyer.id, NAMES.length);
    for (const [i, names] of NAMES.entries()) await t.db.updateTable('tickets').set(names).where('ticket_nr', '=', numbers[i]!).execute();

    for (const [i, nr] of numbers.entries()) {
      const res = await get(`/api/tickets/${nr}/pdf`, users.buyer.token);
      expect(res.statusCode).toBe(200);
      expectNamesPrinted(res.rawPayload, `ticket ${nr}`, [NAMES[i]!]);
    }
    const booking = await get(`/api/bookings/${code.slice(0, 6)}/pdf?lang=en`, users.buyer.token);
    expect(booking.statusCode).toBe(200);
    expectNamesPrinted(booking.rawPayload, 'booking');
    for (const lang of ['it', 'en']) {
      const manifest = await get(`/api/admin/check-in/flights/${flight.flightId}/manifest.pdf?lang=${lang}`, users.Admin.token);
      expect(manifest.statusCode).toBe(200);
      expectNamesPrinted(manifest.rawPayload, `manifest ${lang}`);
    }
    const rows = await t.db.selectFrom('tickets').selectAll().where('ticket_nr', 'in', numbers).execute();
    for (const row of rows) {
      for (const kind of PDF_FORM_KINDS) {
        const form = await renderForm(kind, 'it', formPrefill(row, 'it'));
        expectNamesPrinted(form, `form ${kind} ${row.ticket_nr}`, [{ lastname: row.lastname, firstname: row.firstname }]);
      }
    }
  });

  it('the font has a glyph for every character a name may hold, in both faces', async () => {
    const accepted: number[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) if (isPrintableName(String.fromCodePoint(cp))) accepted.push(cp);
    expect(accepted.length).toBeGreaterThan(1500);
    await renderPdf({ title: 'coverage', keywords: '', lang: 'it' }, (doc) => {
      for (const face of [FONT.regular, FONT.bold]) {
        // pdfkit keeps the fontkit font it embeds on the document's current font
        const font = (doc.font(face) as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
        const missing = accepted.filter((cp) => !font.hasGlyphForCodePoint(cp)).map((cp) => cp.toString(16));
        expect(missing, face).toEqual([]);
      }
    });
  });
});

describe('a name the font cannot print is refused at entry, the field named', () => {
  it('changing a passenger on a ticket: 422 in Italian and English; a Greek name is taken', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, 1);
    const nr = numbers[0]!;
    const row = await t.db.selectFrom('tickets').selectAll().where('ticket_nr', '=', nr).executeTakeFirstOrThrow();
    const body = { lastname: 'Παπαδοπούλου', firstname: 'Ελένη', birthdate: row.birth_date, doc_type: 1, doc_num: 'CA00000AA' };
    for (const [lang, text] of [
      ['it', 'Nome: usare solo lettere latine, greche o cirilliche'],
      ['en', 'First name: use Latin, Greek or Cyrillic letters only'],
    ] as const) {
      const client = new Client(t.app, lang);
      const res = await client.request({ method: 'PUT', url: `/api/tickets/${nr}/passenger`, payload: { ...body, firstname: '王小明' }, bearer: users.buyer.token });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ firstname: [text] });
    }
    const refusedLast = await new Client(t.app).request({
      method: 'PUT',
      url: `/api/tickets/${nr}/passenger`,
      payload: { ...body, lastname: 'محمد 😀' },
      bearer: users.buyer.token,
    });
    expect(refusedLast.json().errors).toEqual({ lastname: ['Cognome: usare solo lettere latine, greche o cirilliche'] });
    expect((await t.db.selectFrom('tickets').select('lastname').where('ticket_nr', '=', nr).executeTakeFirstOrThrow()).lastname).toBe(row.lastname);

    const ok = await new Client(t.app).request({ method: 'PUT', url: `/api/tickets/${nr}/passenger`, payload: body, bearer: users.buyer.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expectNamesPrinted((await get(`/api/tickets/${nr}/pdf`, users.buyer.token)).rawPayload, 'changed ticket', [{ lastname: 'Παπαδοπούλου', firstname: 'Ελένη' }]);
  });

  it('a booking: 422 naming the passenger field, nothing written', async () => {
    const flight = await createFlight(t.db);
    const body = asBuyer(bookingBody({ flight, paxes: [OWN_PAX, newPax({ lastname: 'محمد' })] }), users.buyer.paxId);
    const before = await bookingCounts(t.db);
    const res = await new Client(t.app, 'en').request({ method: 'POST', url: '/api/bookings', payload: body, bearer: users.buyer.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ 'paxes.1.lastname': ['Last name: use Latin, Greek or Cyrillic letters only'] });
    expect(await bookingCounts(t.db)).toEqual(before);
  });
});
