import type { Lang, PdfFormKind, TPdfForms } from '@heliline/domain';
import { FORM_FILE_NAMES, type FormFieldText, formTexts, type FormTexts } from './form-texts.ts';
import { FONT, type Pdf, renderPdf } from './render.ts';

export { FORM_FILE_NAMES } from './form-texts.ts';

/**
 * The check-in forms (spec my-tickets §2 e-mail modal): unaccompanied minor, pregnancy (up to
 * the 8th month), weapons and ammunition. Real fillable PDFs: every blank is an AcroForm text
 * field, every confirmation a check box, so a passenger can fill them in a PDF reader or print
 * and write on them; what the booking already knows is pre-filled.
 */
export interface FormPrefill {
  lastname?: string | null;
  firstname?: string | null;
  /** DD/MM/YYYY */
  birthDate?: string | null;
  /** Type and number, as printed. */
  document?: string | null;
  bookingCode?: string | null;
  ticketNr?: string | null;
  flightCode?: string | null;
  /** DD/MM/YYYY HH:mm */
  flightDate?: string | null;
  route?: string | null;
}

/** The forms a stored JSON flags (booking_requests.forms_json, tickets.email_pdf_forms); unreadable JSON flags none. */
export function pdfFormFlags(json: string | null): TPdfForms {
  try {
    const flags = (json ? JSON.parse(json) : null) as Partial<Record<PdfFormKind, unknown>> | null;
    return { minor: flags?.minor === true, pregnant: flags?.pregnant === true, weapons: flags?.weapons === true };
  } catch {
    return { minor: false, pregnant: false, weapons: false };
  }
}

/** Prefill key → AcroForm field name (the same names in every form). */
const PREFILL_FIELDS: Record<keyof FormPrefill, string> = {
  lastname: 'passenger_lastname',
  firstname: 'passenger_firstname',
  birthDate: 'passenger_birthdate',
  document: 'passenger_document',
  bookingCode: 'booking_code',
  ticketNr: 'ticket_nr',
  flightCode: 'flight_code',
  flightDate: 'flight_date',
  route: 'route',
};

export interface RenderFormOptions {
  /** false keeps page streams readable (tests). */
  compress?: boolean;
}

const BLUE = '#14325c';
const GREY = '#3d4b5c';
const FIELD_HEIGHT = 20;

/** A fillable form as PDF bytes. */
export function renderForm(kind: PdfFormKind, lang: Lang, data?: FormPrefill, options: RenderFormOptions = {}): Promise<Buffer> {
  const texts = formTexts(kind, lang);
  const values = prefillValues(data);
  return renderPdf({ title: `Heliline - ${texts.title}`, keywords: `heliline form ${kind}`, lang, compress: options.compress }, (doc) => {
    doc.addPage();
    doc.font(FONT.regular);
    doc.initForm();
    drawForm(doc, texts, values);
  });
}

/** The attachment's file name for a form in a language. */
export const formFileName = (kind: PdfFormKind, lang: Lang) => FORM_FILE_NAMES[lang][kind];

/** The AcroForm field names of a form (text fields and check boxes, plus place_date and signature). */
export function formFieldNames(kind: PdfFormKind, lang: Lang = 'it'): string[] {
  const t = formTexts(kind, lang);
  return [...t.sections.flatMap((s) => s.rows.flat().map((x) => x.name)), ...t.checks.map((c) => c.name), 'place_date', 'signature'];
}

function prefillValues(data?: FormPrefill): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, field] of Object.entries(PREFILL_FIELDS) as [keyof FormPrefill, string][]) {
    const value = data?.[key]?.trim();
    if (value) out.set(field, value);
  }
  return out;
}

function drawForm(doc: Pdf, t: FormTexts, values: Map<string, string>): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.rect(0, 0, doc.page.width, 70).fill(BLUE);
  doc.fillColor('#ffffff').font(FONT.bold).fontSize(22).text('Heliline', left, 22);
  doc.font(FONT.bold).fontSize(15).fillColor(BLUE).text(t.title, left, 88, { width });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor('#000000')
    .text(t.intro, left, doc.y + 6, { width });
  let y = doc.y + 10;
  for (const section of t.sections) {
    doc.font(FONT.bold).fontSize(11.5).fillColor(BLUE).text(section.heading, left, y, { width });
    y = doc.y + 4;
    for (const row of section.rows) y = drawFieldRow(doc, row, values, left, y, width);
    y += 4;
  }
  doc.font(FONT.regular).fontSize(9.5).fillColor('#000000');
  for (const p of t.declarations) {
    doc.text(p, left, y, { width });
    y = doc.y + 5;
  }
  for (const check of t.checks) {
    doc.rect(left, y, 12, 12).strokeColor(GREY).stroke();
    doc.font(FONT.regular).formCheckbox(check.name, left, y, 12, 12, { borderColor: GREY });
    doc
      .fillColor('#000000')
      .fontSize(10)
      .text(check.label, left + 20, y + 1, { width: width - 20 });
    y = Math.max(doc.y, y + 12) + 6;
  }
  drawSignature(doc, t, left, y + 6, width);
  doc
    .fillColor(GREY)
    .fontSize(8.5)
    .text(t.footer, left, doc.page.height - doc.page.margins.bottom - 12, { width, align: 'center', lineBreak: false });
}

/** One row of labelled text fields; returns the next y. */
function drawFieldRow(doc: Pdf, row: FormFieldText[], values: Map<string, string>, left: number, y: number, width: number): number {
  let x = left;
  const gap = 8;
  for (const field of row) {
    const w = width * field.width - (row.length > 1 ? gap : 0);
    doc.font(FONT.regular).fontSize(8).fillColor(GREY).text(field.label.toUpperCase(), x, y, { width: w, lineBreak: false });
    doc
      .rect(x, y + 10, w, FIELD_HEIGHT)
      .strokeColor('#b8c2cc')
      .stroke();
    const value = values.get(field.name) ?? '';
    includeGlyphs(doc.font(FONT.regular), value);
    doc.formText(field.name, x + 1, y + 11, w - 2, FIELD_HEIGHT - 2, { value, fontSize: 10 });
    x += width * field.width;
  }
  return y + 10 + FIELD_HEIGHT + 6;
}

/**
 * A pre-filled field's value is shown by the reader with the document's font, not drawn by us:
 * the embedded subset must hold its glyphs, or "Łukasz" shows with gaps. pdfkit adds a glyph to
 * the subset when its font encodes text, which it does only for drawn text: encode the value too.
 */
function includeGlyphs(doc: Pdf, text: string): void {
  (doc as unknown as { _font: { encode(text: string): unknown } })._font.encode(text);
}

/** Place and date, and the signature line (with a field for a typed or drawn signature). */
function drawSignature(doc: Pdf, t: FormTexts, left: number, y: number, width: number): void {
  const half = width / 2 - 10;
  doc.font(FONT.regular).fontSize(8).fillColor(GREY).text(t.placeDate.toUpperCase(), left, y, { width: half, lineBreak: false });
  doc
    .rect(left, y + 10, half, FIELD_HEIGHT)
    .strokeColor('#b8c2cc')
    .stroke();
  doc.formText('place_date', left + 1, y + 11, half - 2, FIELD_HEIGHT - 2, { value: '', fontSize: 10 });
  const sx = left + width / 2 + 10;
  doc.fontSize(8).fillColor(GREY).text(t.signature.toUpperCase(), sx, y, { width: half, lineBreak: false });
  doc.formText('signature', sx, y + 10, half, 34, { value: '', fontSize: 12 });
  doc
    .moveTo(sx, y + 46)
    .lineTo(sx + half, y + 46)
    .strokeColor('#000000')
    .stroke();
}
