import { isValidEmail, type Lang, parseLang, type TPdfForms, type TTicketEmailBody } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError } from '../../../http/errors.ts';
import type { MailAttachment, Mailer } from '../../mail/mailer.ts';
import type { ThrottleService } from '../../throttle/service.ts';
import { mailFailed } from '../errors.ts';
import { consumeTicketMail } from '../mail-limits.ts';
import { ticketsMail } from '../mail.ts';
import { bookingPdfName, pdfName, type Reader, type TicketsService } from '../service.ts';
import type { TicketRow } from '../ticket-pdf.ts';
import { formAttachments } from './email.ts';
import * as q from './queries.ts';
import { passengerData } from './rows.ts';

export interface TicketEmailDeps {
  db: Db;
  transactions: Transactions;
  tickets: TicketsService;
  mailer: Mailer;
  throttle: ThrottleService;
  log: FastifyBaseLogger;
  now: () => Date;
  readable: (reader: Reader, ticketNr: string) => Promise<TicketRow>;
}

export interface TicketEmailSent {
  email: string;
  attachments: string[];
  forms: TPdfForms;
  lang: Lang;
}

/**
 * The e-mail modal: the ticket's PDF (or its whole booking's) with the chosen check-in forms,
 * to the booking's contact address or the passenger's own — never to an address typed in the
 * request, and limited per user and per ticket, so it cannot serve as a mail relay.
 */
export class TicketEmailSender {
  constructor(private readonly deps: TicketEmailDeps) {}

  async send(reader: Reader, ticketNr: string, body: TTicketEmailBody): Promise<TicketEmailSent> {
    const row = await this.deps.readable(reader, ticketNr);
    if ((await q.ticketMarks(this.deps.db, [row.ticket_nr])).size) throw new AppError('conflict', 'myTicketsTicketCancelled');
    const to = await this.recipient(row, body.recipient);
    await consumeTicketMail(this.deps.throttle, reader.id, [row.ticket_nr]);
    const lang = parseLang(row.lang);
    const rows = body.pdfType === 'ticket' ? [row] : await this.liveTicketsOfBooking(row.booking_code);
    const attachments = [await this.ticketFile(body.pdfType, rows, lang), ...(await formAttachments(body.forms, row, lang))];
    const mail = ticketsMail({ to, lang, rows, attachments, single: body.pdfType === 'ticket' });
    await this.deps.mailer.send(mail, { interactive: true }).catch(mailFailed(new AppError('badGateway', 'myTicketsEmailFailed'), 'my-tickets e-mail failed'));
    await this.remember(reader, rows, { to, pdfType: body.pdfType, forms: body.forms });
    return { email: to, attachments: attachments.map((a) => a.filename), forms: body.forms, lang };
  }

  private async liveTicketsOfBooking(code: string): Promise<TicketRow[]> {
    const rows = await this.deps.tickets.rowsForBooking(code);
    const ticketNrs = rows.map((r) => r.ticket_nr);
    const marks = await q.ticketMarks(this.deps.db, ticketNrs);
    return rows.filter((r) => !marks.has(r.ticket_nr));
  }

  /** The chosen address, which must be on record and valid (422 otherwise). */
  private async recipient(row: TicketRow, recipient: TTicketEmailBody['recipient']): Promise<string> {
    let address: string | null = row.contact_email;
    if (recipient === 'emailPax') {
      const booked = (await q.bookingPassengers(this.deps.db, [row.booking_code])).find((p) => String(p.position) === row.passenger_key);
      address = passengerData(row, booked).emailPax;
    }
    if (!address || !isValidEmail(address)) throw new AppError('validation', 'myTicketsRecipientMissing', { recipient: ['myTicketsRecipientMissing'] });
    return address;
  }

  private async ticketFile(pdfType: TTicketEmailBody['pdfType'], rows: TicketRow[], lang: Lang): Promise<MailAttachment> {
    const filename = pdfType === 'ticket' ? pdfName(rows[0]!) : bookingPdfName(rows[0]!.booking_code);
    return { filename, contentType: 'application/pdf', content: await this.deps.tickets.pdf(rows, lang) };
  }

  /** email_pdf_forms on the tickets sent, and the event log. */
  private async remember(reader: Reader, rows: TicketRow[], sent: { to: string; pdfType: string; forms: TPdfForms }): Promise<void> {
    const at = this.deps.now().toISOString();
    const numbers = rows.map((r) => r.ticket_nr);
    const events = rows.map((r) => ({
      ticket_nr: r.ticket_nr,
      kind: 'email',
      actor_user_id: reader.id,
      old_values: r.email_pdf_forms,
      new_values: JSON.stringify(sent),
      created_at: at,
    }));
    await this.deps.transactions.run(async (trx) => {
      await q.setEmailPdfForms(trx, numbers, JSON.stringify(sent.forms));
      await q.insertTicketEvents(trx, events);
    });
  }
}
