import '../i18n/zod-errors.ts';
import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { ZBookingCode, ZWireDate } from '../booking/schemas.ts';
import { ZLocalized } from '../wire.ts';
import { ADMIN_BOOKING_STATUSES, ADMIN_BOOKINGS_PER_PAGE } from './booking-statuses.ts';

/**
 * Wire shapes of the staff booking tools (spec wizard §2 step 0, §3, §7): the blocked-seat
 * list, removing a block, and the staff booking management list. The server validates and
 * documents its answers with these; the web imports their types.
 */
const msg = (key: MessageKey) => ({ message: key });

/**
 * GET /api/blocked-bookings: one active blocked booking (type 4, not expired or removed).
 * The wizard list's fields (spec "Blocked reservation") and the step-0 panel's fields
 * (spec "Blocked booking") in one row.
 */
const ZBlockedBooking = z.object({
  CodPrenotazione: z.string().describe('booking code (8 characters)'),
  idProvenienza: z.number().int().describe('origin place id'),
  idDestinazione: z.number().int().describe('destination place id'),
  Provenienza: z.string().describe('origin name, request language'),
  Destinazione: z.string().describe('destination name, request language'),
  DataAnd: z.string().describe('departure flight date DD/MM/YYYY'),
  DataRit: z.string().nullable().describe('return flight date DD/MM/YYYY; null one way'),
  AdM: z.number().int().describe('adult men'),
  AdF: z.number().int().describe('adult women'),
  Ch: z.number().int().describe('children (pets included, as the flights search counts them)'),
  Inf: z.number().int().describe('infants'),
  idDepFlight: z.number().int(),
  idComFlight: z.number().int().nullable(),
  // step-0 panel
  Date: z.string().describe('flight dates as shown: "DD/MM/YYYY" or "DD/MM/YYYY - DD/MM/YYYY"'),
  TotPax: z.number().int(),
  OraScadenza: z.string().describe('block expiry, "DD/MM/YYYY HH:mm" Rome'),
  OraScadenzaIso: z.string().describe('block expiry, ISO instant (ours)'),
  BloccaPostiNota: z.string().describe('the reason given when blocking'),
  NomeUtente: z.string().describe('who blocked the seats (e-mail)'),
});
export type TBlockedBooking = z.infer<typeof ZBlockedBooking>;

export const ZBlockedBookingsAnswer = z.object({ bookings: z.array(ZBlockedBooking) });
export type TBlockedBookingsAnswer = z.infer<typeof ZBlockedBookingsAnswer>;

/** POST /api/rem-blocco-posti. userId is accepted for the spec's sake and ignored: the session decides. */
export const ZRemoveBlockBody = z.object({
  bookingCode: ZBookingCode,
  userId: z.union([z.number(), z.string()]).nullish(),
});
export type TRemoveBlockBodyInput = z.input<typeof ZRemoveBlockBody>;

/** Answer of POST /api/rem-blocco-posti: 'Prenotazione {code} eliminata!' or 'Errore di sistema'. */
export const ZRemoveBlockAnswer = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  messages: ZLocalized,
  message_it: z.string(),
  message_en: z.string(),
});
export type TRemoveBlockAnswer = z.infer<typeof ZRemoveBlockAnswer>;

export { ADMIN_BOOKING_STATUSES, ADMIN_BOOKINGS_PER_PAGE, type AdminBookingStatus } from './booking-statuses.ts';

/** GET /api/admin/bookings query: every filter optional; 25 a page, newest first. */
export const ZAdminBookingsQuery = z.object({
  /** Flight date (departure or return), DD/MM/YYYY. */
  date: ZWireDate.optional(),
  /** Booking code or its start (case-insensitive). */
  code: z.string().trim().max(8, msg('invalidValue')).optional(),
  /** Part of a passenger's or the booker's name or e-mail. */
  name: z.string().trim().max(64, msg('tooLong')).optional(),
  status: z.enum(ADMIN_BOOKING_STATUSES, msg('invalidValue')).optional(),
  page: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).min(1, msg('invalidValue')).max(100_000, msg('invalidValue')).default(1),
});
export type TAdminBookingsQueryInput = z.input<typeof ZAdminBookingsQuery>;
export type TAdminBookingsQuery = z.output<typeof ZAdminBookingsQuery>;

const ZAdminBookingRow = z.object({
  code: z.string(),
  /** base64 of the code: the link is /booking-status/{statusParam}. */
  statusParam: z.string(),
  type: z.number().int().describe('1 card, -1 payment link, 2 cash, 3 operator account, 4 blocked seats'),
  status: z.enum(ADMIN_BOOKING_STATUSES),
  createdAt: z.string().describe('ISO instant'),
  user: z.string().describe('e-mail of who made the booking'),
  contactEmail: z.string(),
  originId: z.number().int(),
  destinationId: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  departureFlight: z.object({ code: z.string(), date: z.string(), time: z.string() }),
  comebackFlight: z.object({ code: z.string(), date: z.string(), time: z.string() }).nullable(),
  paxes: z.array(z.object({ fullname: z.string(), category: z.string(), tickets: z.array(z.string()) })),
  /** euros, 2 decimals */
  amount: z.number(),
  /** Ticket numbers issued (the PDFs: /api/tickets/{number}/pdf). */
  tickets: z.array(z.string()),
  /** Who recorded a cash or operator-account payment (e-mail), else null. */
  paidBy: z.string().nullable(),
});
export type TAdminBookingRow = z.infer<typeof ZAdminBookingRow>;

const ZPagination = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  per_page: z.literal(ADMIN_BOOKINGS_PER_PAGE),
});
export type TPagination = z.infer<typeof ZPagination>;

export const ZAdminBookingsAnswer = z.object({ bookings: z.array(ZAdminBookingRow), pagination: ZPagination });
export type TAdminBookingsAnswer = z.infer<typeof ZAdminBookingsAnswer>;
