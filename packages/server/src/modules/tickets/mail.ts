import { checkInWindow, type Lang, OPERATOR_TZ } from '@heliline/domain';
import type { MailAttachment, OutgoingMail } from '../mail/mailer.ts';
import { render } from '../mail/templates.ts';
import { TICKET_TEXTS } from './texts.ts';
import { routeLabel, type TicketRow } from './ticket-pdf.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: OPERATOR_TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

const hhmm = (at: Date) => new Intl.DateTimeFormat('it-IT', { timeZone: OPERATOR_TZ, hour: '2-digit', minute: '2-digit', hour12: false }).format(at);

/** "1234567 · Rossi Maria · LID101 22/11/2026 09:00 · Foggia – Isole Tremiti · check-in dalle 08:30 alle 08:50" */
const ticketLine = (r: TicketRow, lang: Lang) => {
  const window = checkInWindow(new Date(r.departs_at));
  const checkIn = TICKET_TEXTS[lang].mailCheckin(hhmm(window.opens), hhmm(window.closes));
  return `${r.ticket_nr} · ${r.lastname} ${r.firstname} · ${r.flight_code} ${when(r.departs_at)} · ${routeLabel(r.origin_id, r.destination_id)} · ${checkIn}`;
};

/**
 * The ticket e-mail: the tickets listed in the body (HTML and text) and attached as PDFs.
 * `single` words it for one passenger's ticket(s) sent from the receipt or my-tickets.
 */
export function ticketsMail(options: { to: string; lang: Lang; rows: TicketRow[]; attachments?: MailAttachment[]; single?: boolean }): OutgoingMail {
  const { lang, rows } = options;
  const t = TICKET_TEXTS[lang];
  const code = rows[0]!.booking_code;
  const subject = options.single && rows.length === 1 ? t.mailSingleSubject(rows[0]!.ticket_nr) : t.mailSubject(code);
  const intro = options.single && rows.length === 1 ? t.mailSingleIntro(rows[0]!.ticket_nr, code) : t.mailIntro(code);
  const { html, text } = render({
    lang,
    title: subject.replace(/^Heliline - /, ''),
    intro: [intro, `${t.mailTickets}:`, ...rows.map((r) => ticketLine(r, lang))],
    outro: [t.checkinGeneral, ...t.reminders],
  });
  return { to: options.to, kind: options.single ? 'ticket' : 'booking-tickets', subject, html, text, attachments: options.attachments };
}
