import { dayjs, type Lang, OPERATOR_TZ, PDF_FORM_KINDS, type TPdfForms } from '@heliline/domain';
import type { MailAttachment } from '../../mail/mailer.ts';
import { type FormPrefill, formFileName, renderForm } from '../../pdf/forms.ts';
import { routeLabel, type TicketRow } from '../ticket-pdf.ts';
import { documentText } from './document.ts';

/** What a form knows in advance about the passenger and flight of a ticket. */
export function formPrefill(row: TicketRow, lang: Lang): FormPrefill {
  return {
    lastname: row.lastname,
    firstname: row.firstname,
    birthDate: row.birth_date,
    document: documentText(row, lang),
    bookingCode: row.booking_code,
    ticketNr: row.ticket_nr,
    flightCode: row.flight_code,
    flightDate: dayjs(row.departs_at).tz(OPERATOR_TZ).format('DD/MM/YYYY HH:mm'),
    route: routeLabel(row.origin_id, row.destination_id),
  };
}

/** The chosen forms as PDF attachments, pre-filled for the ticket's passenger. */
export async function formAttachments(forms: TPdfForms, row: TicketRow, lang: Lang): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  for (const kind of PDF_FORM_KINDS) {
    if (!forms[kind]) continue;
    out.push({ filename: formFileName(kind, lang), contentType: 'application/pdf', content: await renderForm(kind, lang, formPrefill(row, lang)) });
  }
  return out;
}
