import {
  type Lang,
  OPERATOR_TZ,
  placeById,
  STANDARD_BAG_KG,
  STANDARD_MASS_KG,
  type TCheckInFlight,
  type TCheckInPassenger,
  loadLine,
  stillFlies,
} from '@heliline/domain';
import { stringify } from 'csv-stringify/sync';
import { FONT, type Pdf, renderPdf } from '../pdf/render.ts';

/**
 * The flight's manifest for the pilot and the ground handler (issue 13 part A item 4), as CSV
 * and PDF, in Italian or English: passengers, categories, documents, masses, bags, forms,
 * checked-in / no-show, and the totals against the aircraft's maximum payload.
 */
const TEXTS = {
  it: {
    title: 'Manifesto di volo',
    flight: 'Volo',
    date: 'Data',
    departure: 'Partenza',
    aircraft: 'Aeromobile',
    payload: 'Carico utile massimo',
    status: 'Stato check-in',
    open: 'aperto',
    closedBy: (at: string, by: string) => `chiuso alle ${at} da ${by}`,
    overReason: 'Chiuso oltre il limite, motivo',
    columns: [
      'N.',
      'Biglietto',
      'Cognome',
      'Nome',
      'Categoria',
      'Data di nascita',
      'Tratta',
      'Documento',
      'Peso passeggero kg',
      'Bagagli kg',
      'Pesato',
      'Moduli',
      'Stato',
      'Check-in',
    ],
    categories: { AD: 'Adulto', CH: 'Bambino', INF: 'Neonato', PET: 'Animale' },
    states: { checkedIn: 'Imbarcato', waiting: 'In attesa', noShow: 'Non presentato', cancelled: 'Annullato', moved: 'Spostato' },
    forms: { minor: 'minore non accompagnato', pregnant: 'gravidanza', weapons: 'armi/munizioni' },
    weighed: { yes: 'sì', no: 'standard' },
    totals: 'Totali',
    passengersKg: 'Passeggeri kg',
    bagsKg: 'Bagagli kg',
    totalKg: 'Totale kg',
    marginKg: 'Margine kg',
    standard: (n: number) =>
      `${n} voci con masse standard (EASA: adulto ${STANDARD_MASS_KG.AD} kg, bambino ${STANDARD_MASS_KG.CH} kg, neonato ${STANDARD_MASS_KG.INF} kg, animale ${STANDARD_MASS_KG.PET} kg, bagaglio ${STANDARD_BAG_KG} kg)`,
    counted: 'Il totale conta i passeggeri che volano: prima della chiusura tutti i biglietti validi, dopo la chiusura solo gli imbarcati.',
    signature: 'Firma del comandante',
  },
  en: {
    title: 'Flight manifest',
    flight: 'Flight',
    date: 'Date',
    departure: 'Departure',
    aircraft: 'Aircraft',
    payload: 'Maximum payload',
    status: 'Check-in status',
    open: 'open',
    closedBy: (at: string, by: string) => `closed at ${at} by ${by}`,
    overReason: 'Closed over the limit, reason',
    columns: [
      'No.',
      'Ticket',
      'Last name',
      'First name',
      'Category',
      'Date of birth',
      'Route',
      'Document',
      'Passenger kg',
      'Bags kg',
      'Weighed',
      'Forms',
      'State',
      'Check-in',
    ],
    categories: { AD: 'Adult', CH: 'Child', INF: 'Infant', PET: 'Pet' },
    states: { checkedIn: 'Boarded', waiting: 'Waiting', noShow: 'No-show', cancelled: 'Cancelled', moved: 'Moved' },
    forms: { minor: 'unaccompanied minor', pregnant: 'pregnancy', weapons: 'weapons/ammunition' },
    weighed: { yes: 'yes', no: 'standard' },
    totals: 'Totals',
    passengersKg: 'Passengers kg',
    bagsKg: 'Bags kg',
    totalKg: 'Total kg',
    marginKg: 'Margin kg',
    standard: (n: number) =>
      `${n} entries with standard masses (EASA: adult ${STANDARD_MASS_KG.AD} kg, child ${STANDARD_MASS_KG.CH} kg, infant ${STANDARD_MASS_KG.INF} kg, pet ${STANDARD_MASS_KG.PET} kg, bag ${STANDARD_BAG_KG} kg)`,
    counted: 'The total counts the passengers who fly: before closing every valid ticket, once closed the boarded only.',
    signature: "Pilot in command's signature",
  },
} as const;

const time = (iso: string) => new Intl.DateTimeFormat('it-IT', { timeZone: OPERATOR_TZ, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
const wireDate = (ymd: string) => ymd.split('-').reverse().join('/');
const place = (id: number, lang: Lang) => placeById(id)?.name[lang] ?? String(id);
const decimal = (n: number, lang: Lang) => (lang === 'it' ? n.toFixed(1).replace('.', ',') : n.toFixed(1));

function stateText(p: TCheckInPassenger, closed: boolean, lang: Lang): string {
  const s = TEXTS[lang].states;
  if (p.state === 'waiting' && closed) return s.noShow;
  return s[p.state];
}

/** One manifest row's cells, as text. */
function rowCells(p: TCheckInPassenger, i: number, view: TCheckInFlight, lang: Lang): string[] {
  const t = TEXTS[lang];
  const line = loadLine({ category: p.category, passengerKg: p.passenger_kg, bagsKg: p.bags_kg });
  return [
    String(i + 1),
    p.ticket_nr,
    p.lastname,
    p.firstname,
    t.categories[p.category],
    p.birth_date,
    `${place(p.origin_id, lang)} – ${place(p.destination_id, lang)}`,
    p.document ?? '',
    decimal(line.passengerKg, lang),
    `${decimal(line.bagsKg, lang)}${p.bags_kg ? ` (${p.bags_kg.length})` : ''}`,
    line.standard ? t.weighed.no : t.weighed.yes,
    p.forms.map((f) => t.forms[f]).join(', '),
    stateText(p, Boolean(view.closure), lang),
    p.checked_in_at ? time(p.checked_in_at) : '',
  ];
}

/** The passengers the manifest lists: those with a valid ticket (cancelled and moved ones fly elsewhere or not at all). */
const listed = (view: TCheckInFlight) => view.passengers.filter((p) => stillFlies(p.state));

/** A leading = + - @ (or a tab, a carriage return) would start a spreadsheet formula: a quote in front makes the cell inert text. */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * CSV with ';' separators (what spreadsheets expect in Italy), UTF-8 with a BOM, CRLF lines
 * (RFC 4180). A cell with a comma is quoted too: a spreadsheet set to ',' still reads one cell.
 */
export function manifestCsv(view: TCheckInFlight, lang: Lang): string {
  const t = TEXTS[lang];
  const f = view.flight;
  const lines: string[][] = [
    [t.title, f.code, wireDate(f.service_date), time(f.departs_at), `${place(f.origin_id, lang)} – ${place(f.destination_id, lang)}`],
    [t.aircraft, f.aircraft.registration, f.aircraft.model, t.payload, decimal(f.aircraft.payload_kg, lang)],
    [],
    [...t.columns],
    ...listed(view).map((p, i) => rowCells(p, i, view, lang)),
    [],
    [
      t.totals,
      t.passengersKg,
      decimal(view.load.passengersKg, lang),
      t.bagsKg,
      decimal(view.load.bagsKg, lang),
      t.totalKg,
      decimal(view.load.totalKg, lang),
      t.payload,
      decimal(view.load.payloadKg, lang),
      t.marginKg,
      decimal(view.load.marginKg, lang),
    ],
    [t.standard(view.load.standardCount)],
    [t.status, view.closure ? t.closedBy(time(view.closure.closed_at), view.closure.closed_by ?? '') : t.open],
    ...(view.closure?.reason ? [[t.overReason, view.closure.reason]] : []),
  ];
  return stringify(
    lines.map((l) => l.map(inert)),
    { delimiter: ';', record_delimiter: 'windows', bom: true, quoted_match: ',' },
  );
}

const WIDTHS = [18, 44, 62, 56, 40, 52, 78, 70, 54, 44, 34, 70, 46, 30];

function drawTable(doc: Pdf, header: readonly string[], rows: string[][]): void {
  const left = doc.page.margins.left;
  let y = doc.y + 6;
  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(7);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: WIDTHS[i]! - 3 }))) + 4;
    if (y + height > doc.page.height - doc.page.margins.bottom - 20) {
      doc.addPage({ layout: 'landscape' });
      y = doc.page.margins.top;
    }
    let x = left;
    cells.forEach((c, i) => {
      doc.fillColor('#000000').text(c, x + 1, y + 2, { width: WIDTHS[i]! - 3 });
      x += WIDTHS[i]!;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(x, y + height)
      .strokeColor('#b8c2cc')
      .lineWidth(0.5)
      .stroke();
    y += height;
  };
  drawRow(header, true);
  for (const r of rows) drawRow(r, false);
  doc.y = y + 8;
  doc.x = left;
}

export function manifestPdf(view: TCheckInFlight, lang: Lang, options: { compress?: boolean } = {}): Promise<Buffer> {
  const t = TEXTS[lang];
  const f = view.flight;
  const title = `Heliline - ${t.title} ${f.code} ${wireDate(f.service_date)}`;
  const keywords = [f.code, f.service_date, ...listed(view).map((p) => p.ticket_nr)].join(' ');
  return renderPdf({ title, keywords, lang, compress: options.compress }, (doc) => {
    doc.addPage({ layout: 'landscape' });
    const left = doc.page.margins.left;
    doc.fillColor('#14325c').font(FONT.bold).fontSize(16).text(`Heliline · ${t.title}`, left, doc.page.margins.top);
    doc.fillColor('#000000').font(FONT.regular).fontSize(10);
    doc.text(
      `${t.flight} ${f.code} · ${t.date} ${wireDate(f.service_date)} · ${t.departure} ${time(f.departs_at)} ${place(f.origin_id, lang)} – ${place(f.destination_id, lang)}`,
    );
    doc.text(`${t.aircraft} ${f.aircraft.registration} (${f.aircraft.model}) · ${t.payload} ${decimal(f.aircraft.payload_kg, lang)} kg`);
    doc.text(`${t.status}: ${view.closure ? t.closedBy(time(view.closure.closed_at), view.closure.closed_by ?? '') : t.open}`);
    if (view.closure?.reason) doc.text(`${t.overReason}: ${view.closure.reason}`);
    drawTable(
      doc,
      t.columns,
      listed(view).map((p, i) => rowCells(p, i, view, lang)),
    );
    const l = view.load;
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(l.over ? '#a00000' : '#000000');
    doc.text(
      `${t.totals}: ${t.passengersKg} ${decimal(l.passengersKg, lang)} · ${t.bagsKg} ${decimal(l.bagsKg, lang)} · ${t.totalKg} ${decimal(l.totalKg, lang)} / ${t.payload} ${decimal(l.payloadKg, lang)} · ${t.marginKg} ${decimal(l.marginKg, lang)}`,
    );
    doc.fillColor('#000000').font(FONT.regular).fontSize(8.5);
    doc.text(t.standard(l.standardCount));
    doc.text(t.counted);
    doc.moveDown(2).fontSize(10).text(`${t.signature}: ______________________________`);
  });
}
