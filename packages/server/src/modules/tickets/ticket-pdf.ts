import { checkInWindow, formatMoney, type Lang, placeById } from '@heliline/domain';
import type { Selectable } from 'kysely';
import type { TicketsTable } from '../../db/schema-payments.ts';
import type { BoardingPasses } from './boarding-pass.ts';
import { code128Png } from '../pdf/barcode.ts';
import { romeTime, romeWireDate } from '../schedule/rome-clock.ts';
import { FONT, type Pdf, renderPdf } from '../pdf/render.ts';
import { ticketDocumentField } from './my-tickets/document.ts';
import { TICKET_TEXTS } from './texts.ts';

export type TicketRow = Selectable<TicketsTable>;

const BLUE = '#14325c';
const GREY = '#3d4b5c';

/** Route with the Italian place names, as printed on every ticket whatever the language. */
export function routeLabel(originId: number, destinationId: number): string {
  return `${placeById(originId)?.name.it ?? originId} – ${placeById(destinationId)?.name.it ?? destinationId}`;
}

function categoryLabel(row: Pick<TicketRow, 'category' | 'tkt_category'>, lang: Lang): string {
  const names = TICKET_TEXTS[lang].categories;
  const name = row.category === 'an' ? names.an : (names[row.tkt_category as 'AD' | 'CH' | 'INF'] ?? row.tkt_category);
  return `${name} (${row.tkt_category})`;
}

/** One PDF with one page per ticket (a single ticket, or a whole booking). */
export function ticketsPdf(rows: TicketRow[], lang: Lang, options: { compress?: boolean; passes: BoardingPasses }): Promise<Buffer> {
  const first = rows[0];
  if (!first) throw new Error('no tickets to print');
  const t = TICKET_TEXTS[lang];
  const title = rows.length === 1 ? `Heliline - ${t.title} ${first.ticket_nr}` : `Heliline - ${t.bookingTitle} ${first.booking_code}`;
  const keywords = [first.booking_code, ...rows.map((r) => r.ticket_nr)].join(' ');
  return renderPdf({ title, keywords, lang, compress: options.compress }, async (doc) => {
    for (const row of rows) await drawTicket(doc, row, lang, options.passes);
  });
}

async function drawTicket(doc: Pdf, row: TicketRow, lang: Lang, passes: BoardingPasses): Promise<void> {
  const t = TICKET_TEXTS[lang];
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // Header band: operator, document title, ticket number
  doc.rect(0, 0, doc.page.width, 86).fill(BLUE);
  doc.fillColor('#ffffff').font(FONT.bold).fontSize(26).text('Heliline', left, 24);
  doc.font(FONT.regular).fontSize(12).text(`${t.title} · ${t.direction[row.direction]}`, left, 56);
  doc.font(FONT.bold).fontSize(16).text(`${t.ticket} ${row.ticket_nr}`, left, 30, { width, align: 'right' });
  doc.font(FONT.regular).fontSize(11).text(`${t.booking}: ${row.booking_code}`, left, 56, { width, align: 'right' });

  // Barcodes: Code 128 of the ticket number (gate scanners); the boarding pass's QR: the ticket
  // number signed with the operator's key, read at the check-in desk (decision 024)
  const [bars, qr] = await Promise.all([code128Png(row.ticket_nr), passes.png(row.ticket_nr)]);
  doc.image(bars, left, 104, { height: 58 });
  doc.image(qr, left + width - 86, 100, { width: 86 });
  doc
    .fillColor(GREY)
    .font(FONT.regular)
    .fontSize(7.5)
    .text(t.boardingPass, left + width - 240, 188, { width: 240, align: 'right' });

  let y = 200;
  // A separator across the page, and the space under it.
  const rule = () => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#b8c2cc')
      .stroke();
    y += 10;
  };
  const field = (label: string, value: string, x: number, w: number) => {
    doc.fillColor(GREY).font(FONT.regular).fontSize(9).text(label.toUpperCase(), x, y, { width: w });
    doc
      .fillColor('#000000')
      .font(FONT.bold)
      .fontSize(13)
      .text(value, x, y + 12, { width: w });
  };
  const col = width / 3;
  field(t.passenger, `${row.lastname} ${row.firstname}`, left, col * 2);
  field(t.birthDate, row.birth_date, left + col * 2, col);
  y += 42;
  const document = ticketDocumentField(row, lang);
  if (document) {
    field(document.label, document.value, left, width);
    y += 42;
  }
  field(t.category, categoryLabel(row, lang), left, col);
  field(t.flight, row.flight_code, left + col, col);
  field(t.date, romeWireDate(row.departs_at), left + col * 2, col);
  y += 42;
  field(t.route, routeLabel(row.origin_id, row.destination_id), left, col * 2);
  field(t.linked[row.direction], row.ticket_nr_inv ?? '—', left + col * 2, col);
  y += 42;
  field(t.departure, `${romeTime(row.departs_at)} · ${placeById(row.origin_id)?.name.it ?? ''}`, left, col * 1.5);
  field(t.arrival, `${romeTime(row.arrives_at)} · ${placeById(row.destination_id)?.name.it ?? ''}`, left + col * 1.5, col * 1.5);
  y += 56;

  // Price lines
  rule();
  doc.fillColor(BLUE).font(FONT.bold).fontSize(12).text(t.prices, left, y);
  y += 20;
  const line = (label: string, cents: number, bold = false) => {
    doc
      .fillColor('#000000')
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(11);
    doc.text(label, left, y, { width: width / 2 });
    doc.text(formatMoney(cents, lang), left + width / 2, y, { width: width / 2, align: 'right' });
    y += 17;
  };
  line(t.fare, row.fare_cents);
  line(t.ticketPrice, row.ticket_cents);
  line(t.tax, row.tax_cents);
  line(t.landingTax, row.landing_tax_cents);
  line(t.total, row.total_cents, true);
  y += 8;

  // Check-in and reminders
  rule();
  doc.fillColor(BLUE).font(FONT.bold).fontSize(12).text(t.checkinTitle, left, y);
  y += 18;
  doc.fillColor('#000000').font(FONT.regular).fontSize(10.5);
  const checkIn = checkInWindow(new Date(row.departs_at));
  doc.text(t.checkin(romeTime(checkIn.opens), romeTime(checkIn.closes)), left, y, { width });
  y = doc.y + 12;
  doc.fillColor(BLUE).font(FONT.bold).fontSize(12).text(t.remindersTitle, left, y);
  y += 18;
  doc.fillColor('#000000').font(FONT.regular).fontSize(10.5);
  doc.list([...t.reminders], left, y, { width, bulletRadius: 2 });

  const issued = `${t.issued} ${romeWireDate(row.issued_at)} ${romeTime(row.issued_at)} · Heliline`;
  doc
    .fillColor(GREY)
    .fontSize(8.5)
    .text(issued, left, doc.page.height - doc.page.margins.bottom - 12, { width, align: 'center', lineBreak: false });
}
