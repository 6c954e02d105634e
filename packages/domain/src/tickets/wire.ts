import '../i18n/zod-errors.ts';
import { z } from 'zod';
import { parseWireDate } from '../dates.ts';
import { ZTelephone } from '../accounts/schemas.ts';
import { EMAIL_PATTERN, TEXT_MAX_LENGTH } from '../booking/email.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { isPrintableName } from '../text/printable.ts';
import { ZMessageBody } from '../wire.ts';

/**
 * Wire shapes of the my-tickets list, the passenger modal and the e-mail modal (spec
 * my-tickets §2, §3, §5, §7). Field names are the spec's; money is euros with 2 decimals
 * (fares/money.ts); dates DD/MM/YYYY, times HH:mm (Rome); editable_until 'YYYY-MM-DD hh:mm:ss'
 * (Rome). Rules that need the stored ticket (category at the flight date, deadlines) run on
 * the server with the domain's functions, not here.
 */
const msg = (key: MessageKey) => ({ message: key });

import { MY_TICKETS_BOOKING_CODE_MAX, MY_TICKETS_MAX_PAGE, MY_TICKETS_PAGE_SIZE, MY_TICKETS_TICKET_NR_MAX } from './my-tickets-rules.ts';

export {
  hasMyTicketsFilter,
  MY_TICKETS_BOOKING_CODE_MAX,
  MY_TICKETS_MAX_PAGE,
  MY_TICKETS_PAGE_SIZE,
  MY_TICKETS_PAYMENT_TYPES,
  MY_TICKETS_TICKET_NR_MAX,
} from './my-tickets-rules.ts';

/** A query-string flag: 1/0, true/false. */
const flag = () =>
  z.union([z.boolean(), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.literal('')]).transform((v) => v === true || v === '1' || v === 'true');
/** Blank = not given (the filter form sends empty fields). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && !v.trim() ? undefined : v);
const filterText = (max: number, key: MessageKey = 'tooLong') => z.preprocess(blankToUndefined, z.string(msg('invalidValue')).trim().max(max, msg(key)).optional());
const wireDate = () =>
  z
    .string(msg('invalidValue'))
    .trim()
    .refine((v) => parseWireDate(v) !== null, msg('dateInvalid'));
const pageNumber = (max: number) => z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).min(1, msg('invalidValue')).max(max, msg('invalidValue'));

// ---- GET /api/my-tickets ----------------------------------------------------------------------

/**
 * The list's filters and page. At least one of flightDate, bookingCode, ticketNr, lastname,
 * firstname is required (`hasMyTicketsFilter`; 'Inserire almeno un filtro di ricerca!').
 */
export const ZMyTicketsQuery = z.object({
  /** DD/MM/YYYY: tickets whose flight takes off that day (Rome). */
  flightDate: z.preprocess(blankToUndefined, wireDate().optional()),
  /** A booking code (8), its group (6) or a prefix of it. */
  bookingCode: filterText(MY_TICKETS_BOOKING_CODE_MAX, 'myTicketsBookingCodeTooLong'),
  /** A ticket number (7 digits) or a prefix of it. */
  ticketNr: filterText(MY_TICKETS_TICKET_NR_MAX, 'myTicketsTicketNrTooLong'),
  /** Case-insensitive prefixes of the passenger's names. */
  lastname: filterText(TEXT_MAX_LENGTH),
  firstname: filterText(TEXT_MAX_LENGTH),
  includeCancelled: flag().default(false),
  current_page: pageNumber(MY_TICKETS_MAX_PAGE).default(1),
  per_page: pageNumber(MY_TICKETS_PAGE_SIZE).default(MY_TICKETS_PAGE_SIZE),
});
export type TMyTicketsQuery = z.output<typeof ZMyTicketsQuery>;

/** The forms of the e-mail modal (spec §2), stored per ticket as email_pdf_forms. */
export const PDF_FORM_KINDS = ['minor', 'pregnant', 'weapons'] as const;
export type PdfFormKind = (typeof PDF_FORM_KINDS)[number];
const ZPdfForms = z.object({ minor: z.boolean(), pregnant: z.boolean(), weapons: z.boolean() });
export type TPdfForms = z.infer<typeof ZPdfForms>;

/** What a ticket row shows of its price and flight: the my-tickets list and the edit mode's rows alike. Amounts in euros. */
export const ZTicketPriceAndFlight = z.object({
  ticket: z.number(),
  tax: z.number(),
  landingFee: z.number(),
  fare: z.number(),
  /** Discount percent applied to the ticket (0 when none). */
  discount: z.number(),
  /** ticket + tax + landingFee */
  ticketCost: z.number(),
  /** Place ids and their names (Italian, as printed on tickets). */
  origin: z.number().int(),
  destination: z.number().int(),
  label_origin: z.string(),
  label_destination: z.string(),
  flightId: z.number().int(),
  flightCode: z.string(),
  /** DD/MM/YYYY and HH:mm, Rome. */
  takeOffDate: z.string(),
  takeOffTime: z.string(),
  /** When the ticket was issued: DD/MM/YYYY and HH:mm, Rome. */
  bookingDate: z.string(),
  bookingTime: z.string(),
});

/** One ticket row of the list (spec §3). Amounts in euros. */
const ZMyTicketRow = z.object({
  /** 100 = an animal (spec §9); otherwise the passenger's position in its booking (1, 2 …). */
  idPax: z.number().int(),
  /** 8 characters; its first 6 are the group code. */
  bookingCode: z.string(),
  ticketNr: z.string(),
  /** The linked ticket of the other direction of a round trip, else null. */
  ticketNrInv: z.string().nullable(),
  /** 'DW' round trip, 'OW' one way. */
  dw: z.enum(['DW', 'OW']),
  /** d outbound (shows 'R: ticketNrInv'), c return (shows 'A: ticketNrInv'). */
  dw_flight: z.enum(['d', 'c']),
  lastname: z.string(),
  firstname: z.string(),
  /** DD/MM/YYYY */
  birthdate: z.string(),
  gender: z.enum(['M', 'F']).nullable(),
  paxCategory: z.enum(['AD', 'CH', 'AN', 'INF']),
  /** Document type id (GET /api/document-types), null when none is recorded. */
  doc_type: z.number().int().nullable(),
  doc_num: z.string().nullable(),
  /** DD/MM/YYYY or null. */
  doc_expdate: z.string().nullable(),
  address: z.string().nullable(),
  emailPax: z.string().nullable(),
  telPax: z.string().nullable(),
  emailBooking: z.string(),
  /** The forms last e-mailed with this ticket. */
  email_pdf_forms: ZPdfForms,
  /** 'YYYY-MM-DD hh:mm:ss' Rome time: the purchase cut-off before the journey's first take-off. */
  editable_until: z.string(),
  /** Ours: editable_until has not passed and the ticket is not cancelled. */
  editable: z.boolean(),
  paymentType: z.number().int(),
  cancelled: z.boolean(),
  ...ZTicketPriceAndFlight.shape,
});
export type TMyTicketRow = z.infer<typeof ZMyTicketRow>;

const ZMyTicketsPagination = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  /** 1-based positions of the first and last row shown; 0 when nothing was found. */
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type TMyTicketsPagination = z.infer<typeof ZMyTicketsPagination>;

export const ZMyTicketsAnswer = z.object({
  bookings: z.array(ZMyTicketRow),
  /** Group codes (6 characters) with a payment or a change still pending. */
  bookingsPending: z.array(z.string()),
  pagination: ZMyTicketsPagination,
});
export type TMyTicketsAnswer = z.infer<typeof ZMyTicketsAnswer>;

// ---- PUT /api/tickets/{ticketNr}/passenger ------------------------------------------------------

const optText = () => z.preprocess(blankToUndefined, z.string(msg('invalidValue')).trim().max(TEXT_MAX_LENGTH, msg('tooLong')).nullish());

/**
 * The pax modal's fields. Names and birth date are required; the document (type and number)
 * too for people (not for the animal row). Checked on the server with the wizard's step-3 rules.
 */
export const ZPassengerEditBody = z.object({
  lastname: z.string(msg('required')).trim().min(1, msg('required')).max(TEXT_MAX_LENGTH, msg('tooLong')).refine(isPrintableName, msg('lastnameNotPrintable')),
  firstname: z.string(msg('required')).trim().min(1, msg('required')).max(TEXT_MAX_LENGTH, msg('tooLong')).refine(isPrintableName, msg('firstnameNotPrintable')),
  /** DD/MM/YYYY; may not change the passenger's category at the flight date. */
  birthdate: z.string(msg('required')).trim().max(10, msg('dateInvalid')),
  doc_type: z.preprocess(blankToUndefined, z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).min(0, msg('invalidValue')).nullish()),
  doc_num: optText(),
  /** DD/MM/YYYY or empty. */
  doc_expdate: z.preprocess(blankToUndefined, wireDate().nullish()),
  address: optText(),
  emailPax: z.preprocess(blankToUndefined, z.string().trim().max(TEXT_MAX_LENGTH, msg('tooLong')).regex(EMAIL_PATTERN, msg('paxEmailsInvalid')).nullish()),
  /** The account forms' telephone rule. */
  telPax: z.preprocess(blankToUndefined, ZTelephone.nullish()),
});
export type TPassengerEditBodyInput = z.input<typeof ZPassengerEditBody>;
export type TPassengerEditBody = z.output<typeof ZPassengerEditBody>;

/** The saved rows: the edited ticket and, on a round trip, its linked ticket. */
export const ZPassengerEditAnswer = ZMessageBody.extend({ bookings: z.array(ZMyTicketRow) });

// ---- POST /api/tickets/{ticketNr}/email -------------------------------------------------------

const TICKET_PDF_TYPES = ['ticket', 'booking'] as const;
const TICKET_EMAIL_RECIPIENTS = ['emailBooking', 'emailPax'] as const;

export const ZTicketEmailBody = z.object({
  /** ticket = this ticket's PDF, booking = every ticket of its booking. */
  pdfType: z.enum(TICKET_PDF_TYPES, msg('invalidValue')),
  /** The booking's contact address or the passenger's own (422 when missing or invalid). */
  recipient: z.enum(TICKET_EMAIL_RECIPIENTS, msg('invalidValue')),
  /** Form PDFs to attach (omitted = none). */
  forms: z
    .object({ minor: z.boolean().default(false), pregnant: z.boolean().default(false), weapons: z.boolean().default(false) })
    .default({ minor: false, pregnant: false, weapons: false }),
});
export type TTicketEmailBodyInput = z.input<typeof ZTicketEmailBody>;
export type TTicketEmailBody = z.output<typeof ZTicketEmailBody>;

export const ZTicketEmailAnswer = ZMessageBody.extend({
  /** The address it went to. */
  email: z.string(),
  /** Names of the attached files (tickets first, then forms). */
  attachments: z.array(z.string()),
  email_pdf_forms: ZPdfForms,
});
