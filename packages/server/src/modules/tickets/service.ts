import { can, isGroupCode, type Lang, parseBookingCode, parseLang, type PdfFormKind } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { TicketsTable } from '../../db/schema-payments.ts';
import { AppError } from '../../http/errors.ts';
import type { MailAttachment, Mailer } from '../mail/mailer.ts';
import { FORM_FILE_NAMES, renderForm } from '../pdf/forms.ts';
import { BoardingPasses } from './boarding-pass.ts';
import type { IssuedTicket, TicketIssueRequest, Tickets } from './contract.ts';
import { ticketsMail } from './mail.ts';
import { withBookedPassengerData } from './my-tickets/pdf-data.ts';
import { freshTicketNumbers } from './numbers.ts';
import * as q from './queries.ts';
import { type TicketRow, ticketsPdf } from './ticket-pdf.ts';

export interface TicketsDeps {
  db: Db;
  config: Config;
  mailer: Pick<Mailer, 'enqueue' | 'send' | 'renderAttachments'>;
  log: FastifyBaseLogger;
  /** PDF stream compression (default on; tests turn it off to read the page text). */
  pdfCompress?: boolean;
  /** Signs the boarding passes' QR codes (default: from config.boardingPassKey). */
  passes?: BoardingPasses;
}

/** Who is asking, for the ownership rule: owner of the booking, or staff with the payment area. */
export interface Reader {
  id: number;
  roles: readonly string[];
}

const DIRECTION_ORDER = { d: 0, c: 1 } as const;

/** Passenger order as issued ("1", "2" … "10"), outbound before return. */
function byPassengerThenDirection(a: TicketRow, b: TicketRow): number {
  return a.passenger_key.localeCompare(b.passenger_key, 'en', { numeric: true }) || DIRECTION_ORDER[a.direction] - DIRECTION_ORDER[b.direction];
}

function toIssued(row: TicketRow): IssuedTicket {
  return {
    ticketNr: row.ticket_nr,
    passengerKey: row.passenger_key,
    direction: row.direction,
    ticketNrInv: row.ticket_nr_inv,
    fullname: `${row.lastname} ${row.firstname}`,
    birthDate: row.birth_date,
    email: row.email,
  };
}

/** The renderer of the tickets mail's attachments, and what its queued mail keeps for it. */
const BOOKING_TICKETS = 'booking-tickets';
interface BookingTicketsArgs {
  bookingCode: string;
  ticketNrs: string[];
  lang: Lang;
  forms: PdfFormKind[];
}

export const pdfName = (row: Pick<TicketRow, 'ticket_nr'>) => `heliline-ticket-${row.ticket_nr}.pdf`;
export const bookingPdfName = (code: string) => `heliline-booking-${code}.pdf`;

/**
 * Tickets: issued inside the booking's payment transaction (so there is never money without
 * tickets nor tickets without money), printed as PDFs and e-mailed through the outbox.
 */
export class TicketsService implements Tickets {
  /** The boarding pass's signed code, printed as QR on each ticket (decision 024). */
  readonly passes: BoardingPasses;

  constructor(private readonly deps: TicketsDeps) {
    this.passes = deps.passes ?? new BoardingPasses(deps.config.boardingPassKey);
    deps.mailer.renderAttachments(BOOKING_TICKETS, (args: BookingTicketsArgs) => this.bookingAttachments(args));
  }

  async issue(trx: DbOrTrx, request: TicketIssueRequest): Promise<IssuedTicket[]> {
    // Idempotent per booking: a second call (notification replay) returns what was issued.
    const existing = await q.listForBooking(trx, request.bookingCode);
    if (existing.length) return existing.sort(byPassengerThenDirection).map(toIssued);

    checkRequest(request);
    const numbers = await freshTicketNumbers(trx, request.passengers.length * request.journeys.length);
    const now = new Date().toISOString();
    const rows: Insertable<TicketsTable>[] = [];
    for (const pax of request.passengers) {
      const mine: Insertable<TicketsTable>[] = [];
      for (const journey of request.journeys) {
        const price = request.prices.find((p) => p.passengerKey === pax.key && p.direction === journey.direction)!;
        mine.push({
          ticket_nr: numbers.pop()!,
          booking_code: request.bookingCode,
          passenger_key: pax.key,
          direction: journey.direction,
          ticket_nr_inv: null,
          owner_user_id: request.ownerUserId,
          contact_email: request.contactEmail,
          lang: request.lang,
          lastname: pax.lastname,
          firstname: pax.firstname,
          birth_date: pax.birthDate,
          category: pax.category,
          tkt_category: pax.tktCategory,
          email: pax.email,
          flight_id: journey.flightId,
          flight_code: journey.flightCode,
          departs_at: journey.departsAt,
          arrives_at: journey.arrivesAt,
          origin_id: journey.originId,
          destination_id: journey.destinationId,
          fare_cents: price.fareCents,
          ticket_cents: price.ticketCents,
          tax_cents: price.taxCents,
          landing_tax_cents: price.landingTaxCents,
          total_cents: price.totalCents,
          issued_at: now,
        });
      }
      // Return and outbound point at each other (ticketNrInv both ways).
      const out = mine.find((r) => r.direction === 'd');
      const back = mine.find((r) => r.direction === 'c');
      if (out && back) {
        out.ticket_nr_inv = back.ticket_nr;
        back.ticket_nr_inv = out.ticket_nr;
      }
      rows.push(...mine);
    }
    await q.insertTickets(trx, rows);
    return (rows as TicketRow[]).sort(byPassengerThenDirection).map(toIssued);
  }

  async listForBooking(bookingCode: string): Promise<IssuedTicket[]> {
    return (await this.rowsForBooking(bookingCode)).map(toIssued);
  }

  async rowsForBooking(bookingCode: string): Promise<TicketRow[]> {
    return (await q.listForBooking(this.deps.db, bookingCode)).sort(byPassengerThenDirection);
  }

  /** Every ticket of a booking group (the 6-character code shared by its booking transactions). */
  async rowsForGroup(groupCode: string): Promise<TicketRow[]> {
    return (await q.listForGroup(this.deps.db, groupCode)).sort((a, b) => a.booking_code.localeCompare(b.booking_code) || byPassengerThenDirection(a, b));
  }

  findTicket(ticketNr: string) {
    return q.findTicket(this.deps.db, ticketNr);
  }

  /** The owner (ownerUserId of the issue request) or staff with booking.staffPaymentArea. */
  canRead(reader: Reader, row: Pick<TicketRow, 'owner_user_id'>): boolean {
    return row.owner_user_id === reader.id || can(reader.roles, 'booking.staffPaymentArea');
  }

  /** Tickets by number that the reader may see. Unknown and someone else's look the same (404): ticket numbers are not an oracle. */
  async readableTickets(reader: Reader, ticketNrs: string[]): Promise<TicketRow[]> {
    const rows: TicketRow[] = [];
    for (const nr of new Set(ticketNrs)) {
      const row = await this.findTicket(nr);
      if (!row || !this.canRead(reader, row)) throw new AppError('notFound', 'notFound');
      rows.push(row);
    }
    return rows;
  }

  /** All tickets of a booking (8-character code) or of a group (6-character code), when the reader may see every one; otherwise 404. */
  async readableBookingTickets(reader: Reader, code: string): Promise<TicketRow[]> {
    const rows = parseBookingCode(code) ? await this.rowsForBooking(code) : isGroupCode(code) ? await this.rowsForGroup(code) : [];
    if (!rows.length || !rows.every((r) => this.canRead(reader, r))) throw new AppError('notFound', 'notFound');
    return rows;
  }

  async pdf(rows: TicketRow[], lang: Lang): Promise<Buffer> {
    return ticketsPdf(await withBookedPassengerData(this.deps.db, rows), lang, { compress: this.deps.pdfCompress ?? true, passes: this.passes });
  }

  /**
   * In the ticketing transaction: queues the mail of every ticket of the booking to its contact
   * address. The PDFs are rendered by the sender at delivery (BOOKING_TICKETS), not while the
   * write transaction holds its locks.
   */
  async mailBookingTickets(trx: DbOrTrx, bookingCode: string, options: { forms?: readonly PdfFormKind[] } = {}): Promise<void> {
    const rows = (await q.listForBooking(trx, bookingCode)).sort(byPassengerThenDirection);
    const first = rows[0];
    if (!first) {
      this.deps.log.warn({ bookingCode }, 'no tickets to send');
      return;
    }
    const lang = parseLang(first.lang);
    const args: BookingTicketsArgs = { bookingCode, ticketNrs: rows.map((r) => r.ticket_nr), lang, forms: [...(options.forms ?? [])] };
    await this.deps.mailer.enqueue(trx, { ...ticketsMail({ to: first.contact_email, lang, rows }), renderAttachments: { with: BOOKING_TICKETS, args } });
  }

  /** The attachments of a queued tickets mail: the tickets it lists, as they are now, and the flagged forms. */
  private async bookingAttachments({ bookingCode, ticketNrs, lang, forms }: BookingTicketsArgs): Promise<MailAttachment[]> {
    const rows = (await this.rowsForBooking(bookingCode)).filter((r) => ticketNrs.includes(r.ticket_nr));
    const first = rows[0];
    if (!first) throw new Error(`tickets of booking ${bookingCode} gone`);
    return [...(await this.attachments(rows, lang)), ...(await formAttachments(forms, lang, first))];
  }

  /**
   * One passenger's ticket(s) to an address (receipt and send-single-ticket). Remembers the
   * address as the passenger's ticket e-mail. Throws when the mail could not be handed over.
   */
  async sendTicketsTo(rows: TicketRow[], email: string, lang: Lang): Promise<void> {
    if (!rows.length) throw new Error('no tickets');
    const ticketNrs = rows.map((r) => r.ticket_nr);
    await q.setTicketEmail(this.deps.db, ticketNrs, email);
    await this.deps.mailer.send(ticketsMail({ to: email, lang, rows, attachments: await this.attachments(rows, lang), single: true }), { interactive: true });
  }

  private async attachments(rows: TicketRow[], lang: Lang): Promise<MailAttachment[]> {
    const files: MailAttachment[] = [];
    for (const row of rows) files.push({ filename: pdfName(row), contentType: 'application/pdf', content: await this.pdf([row], lang) });
    return files;
  }
}

/** Programming errors of the caller (the booking module), not user input: fail loudly. */
function checkRequest(r: TicketIssueRequest): void {
  const keys = new Set(r.passengers.map((p) => p.key));
  const dirs = new Set(r.journeys.map((j) => j.direction));
  if (!r.passengers.length || keys.size !== r.passengers.length) throw new Error('tickets: passengers missing or keys repeated');
  if (!r.journeys.length || dirs.size !== r.journeys.length) throw new Error('tickets: journeys missing or directions repeated');
  for (const p of r.passengers) {
    for (const j of r.journeys) {
      if (!r.prices.some((x) => x.passengerKey === p.key && x.direction === j.direction)) {
        throw new Error(`tickets: no price for passenger ${p.key} direction ${j.direction}`);
      }
    }
  }
}

/** The check-in forms a booking flagged, pre-filled with its code and first flight (added for the staff booking tools). */
async function formAttachments(kinds: readonly PdfFormKind[], lang: Lang, first: TicketRow): Promise<MailAttachment[]> {
  const prefill = { bookingCode: first.booking_code, flightCode: first.flight_code };
  return Promise.all(
    kinds.map(async (kind) => ({ filename: FORM_FILE_NAMES[lang][kind], contentType: 'application/pdf', content: await renderForm(kind, lang, prefill) })),
  );
}
