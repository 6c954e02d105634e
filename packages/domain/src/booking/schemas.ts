import '../i18n/zod-errors.ts';
import { z } from 'zod';
import { parseWireDate } from '../dates.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { PLACES } from '../places.ts';
import { ZMessageBody } from '../wire.ts';
import { PAX_CATEGORIES, TKT_CATEGORIES } from './categories.ts';
import { BOOKING_CODE_PATTERN, TICKET_NUMBER_PATTERN } from './code.ts';
import { COUPON_MAX_ATTEMPTS } from './coupon.ts';
import { EMAIL_PATTERN, TEXT_MAX_LENGTH } from './email.ts';
import { BOOKING_TYPE } from './payment-types.ts';

/**
 * Wire shapes of the booking calls (spec wizard §3, §7), with the spec's field names. Money is
 * euros with 2 decimals on the wire (31.75); convert with amountToCents / centsToAmount
 * (fares/money.ts). Dates are DD/MM/YYYY strings, converted with parseWireDate. Business rules
 * that need several fields (steps 1–4) run in validateBookingForm, not here, so the wizard and
 * the server report them with the same messages.
 */
const msg = (key: MessageKey) => ({ message: key });

const text = () => z.string(msg('invalidValue')).max(TEXT_MAX_LENGTH, msg('tooLong'));
const optText = () => text().nullish();
/** Ids are JSON numbers: every client of ours sends them so (a "57" is refused, not read as 57). */
const id = () => z.number(msg('invalidValue')).int(msg('invalidValue')).positive(msg('invalidValue'));
const count = () => z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).min(0, msg('invalidValue')).max(99, msg('invalidValue'));
/** A flag as the forms send it: true/false, 1/0, "1"/"0". */
const flag = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const ZWireDate = z.string(msg('required')).refine((v) => parseWireDate(v) !== null, msg('dateInvalid'));
/** Money on the wire: a non-negative number with at most 2 decimals. */
const ZAmount = z
  .number(msg('invalidValue'))
  .nonnegative(msg('invalidValue'))
  .max(10_000_000, msg('invalidValue'))
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, msg('invalidValue'));
export const ZBookingCode = z
  .string(msg('required'))
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(BOOKING_CODE_PATTERN, msg('bookingCodeInvalid')));
export const ZTicketNumber = z.string(msg('required')).regex(TICKET_NUMBER_PATTERN, msg('invalidValue'));
/** An amount as a client may send it, 31.75 or "31.75"; out: the number. */
const ZAmountIn = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,8}(\.\d{1,2})?$/, msg('invalidValue'))
        .transform(Number),
    ],
    msg('invalidValue'),
  )
  .pipe(ZAmount);
const ZEmailLike = (key: MessageKey) => z.string(msg('required')).max(TEXT_MAX_LENGTH, msg('tooLong')).regex(EMAIL_PATTERN, msg(key));

/**
 * A place in the flights query: the spec sends the place name; an id or code is accepted too.
 * Foggia is resolved to 1348 as origin and 1349 as destination.
 */
export function placeIdFromQuery(value: string | number, as: 'origin' | 'destination'): number | null {
  const v = String(value).trim().toLowerCase();
  const found = PLACES.filter((p) => (as === 'origin' ? p.canDepart : p.canArrive)).find(
    (p) =>
      String(p.id) === v ||
      p.code.toLowerCase() === v ||
      // "Isole Tremiti", "Tremiti Islands" and plain "Tremiti" all name the same heliport
      [p.name.it, p.name.en, p.name.it.replace(/^isole\s+/i, ''), p.name.en.replace(/\s+islands$/i, '')].some((name) => name.toLowerCase() === v),
  );
  return found?.id ?? null;
}
const ZPlaceQuery = (as: 'origin' | 'destination') =>
  z.union([z.string(), z.number()], msg('required')).transform((v, ctx) => {
    const placeId = placeIdFromQuery(v, as);
    if (placeId === null) ctx.addIssue({ code: 'custom', message: 'routeNotServed' });
    return placeId ?? 0;
  });

/** GET /api/flights query. reverse=1 asks for the return leg (destination → origin on comebackDate). */
export const ZFlightsQuery = z.object({
  reverse: flag().default(false),
  origin: ZPlaceQuery('origin'),
  destination: ZPlaceQuery('destination'),
  departureDate: ZWireDate,
  comebackDate: ZWireDate.optional(),
  men: count().default(0),
  women: count().default(0),
  /** Children plus pets (spec). */
  children: count().default(0),
  infants: count().default(0),
});
export type TFlightsQuery = z.output<typeof ZFlightsQuery>;

const ZFlight = z.object({
  flightId: z.number().int(),
  flightCode: z.string().regex(/^LID\d{3}$/),
  /** DD/MM/YYYY, Rome. */
  takeOffDate: z.string(),
  /** HH:mm, Rome. */
  takeOffTime: z.string(),
  /** ISO-8601 instant. */
  takeOffDateTime: z.string(),
  extra: z.boolean(),
  aircraft: z.string(),
  route: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** The journey's end points (place ids), for the step-2 rules. */
  originId: z.number().int().optional(),
  destinationId: z.number().int().optional(),
  /** HH:mm, Rome. */
  landingTime: z.string(),
  /** ISO-8601 instant. */
  landingDateTime: z.string().optional(),
  availableSeats: z.number().int().min(0),
  /** On sale to this user now (cut-off, extra flights). */
  bookable: z.boolean().optional(),
  /** The Info column, staff only. */
  info: z.object({ registration: z.string(), capacity: z.number(), sold: z.number(), held: z.number(), blocked: z.number() }).optional(),
});
export type TFlight = z.infer<typeof ZFlight>;

/** Keyed by passenger category: a adult, c child, i infant, an pet. */
const ZByCategory = z.object({ a: ZAmount, c: ZAmount, i: ZAmount, an: ZAmount });

/** fares = base fare, taxes = additional fees, landingTax, prices = total per passenger of the category. */
export const ZFlightsResponse = z.object({
  fares: ZByCategory,
  taxes: ZByCategory,
  landingTax: ZByCategory,
  prices: ZByCategory,
  flights: z.array(ZFlight),
});
export type TFlightsResponse = z.infer<typeof ZFlightsResponse>;

const ZBookingPassenger = z.object({
  id: z.number(msg('invalidValue')).int(msg('invalidValue')),
  category: z.enum(PAX_CATEGORIES, msg('invalidValue')),
  tktCategory: z.enum(TKT_CATEGORIES, msg('invalidValue')).optional(),
  gender: z.union([z.enum(['M', 'F']), z.literal('')], msg('genderInvalid')).nullish(),
  lastname: optText(),
  firstname: optText(),
  /** DD/MM/YYYY; checked against the category by the step-3 rules. */
  birthDate: z.string(msg('invalidValue')).max(10, msg('dateInvalid')).nullish(),
  residence: optText(),
  /** 0 = none (refused by the step-3 rules). */
  document_type: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).min(0, msg('invalidValue')).nullish(),
  document_num: optText(),
  email: optText(),
  telephone: optText(),
  exemption: flag().optional(),
  dsc: z.coerce.number(msg('invalidValue')).min(0, msg('invalidValue')).max(100, msg('invalidValue')).optional(),
  animal_owner_key: z.union([z.string().max(64), z.number()]).nullish(),
  _uuid: z.string().max(64).optional(),
  // Prices the client displayed: informative only, the server recomputes them.
  fare: ZAmount.optional(),
  ticket: ZAmount.optional(),
  ticket_nodsc: ZAmount.optional(),
  tax: ZAmount.optional(),
  landingTax: ZAmount.optional(),
  total: ZAmount.optional(),
  total_nodsc: ZAmount.optional(),
});

export const ZTotals = z.object({
  tickets: ZAmount,
  ticketsDiscounted: ZAmount,
  taxes: ZAmount,
  landingTaxes: ZAmount,
  grandTotal: ZAmount,
  grandTotalDiscounted: ZAmount,
});

export const ZBookingForm = z.object({
  flightType: z.enum(['DW', 'OW'], msg('invalidValue')),
  originId: id().nullish(),
  destinationId: id().nullish(),
  departureDate: ZWireDate.nullish(),
  comebackDate: z.union([ZWireDate, z.literal('')]).nullish(),
  departureFlightId: id().nullish(),
  comebackFlightId: id().nullish(),
  men: count().optional(),
  women: count().optional(),
  children: count().optional(),
  infants: count().optional(),
  paxes: z.array(ZBookingPassenger, msg('invalidValue')).max(50, msg('invalidValue')),
  totals: ZTotals.partial().optional(),
  contacts: z.object({
    email: optText(),
    email_payment_link: optText(),
    telephone: optText(),
  }),
  conditions: flag().default(false),
  coupon: z.object({ code: optText(), perc: z.number().min(0).max(100).nullish() }).nullish(),
  /** Forms to send for check-in; `minor` is the unattended-minor declaration (spec §4). */
  email_forms_pdf: z.object({ minor: flag().default(false), pregnant: flag().default(false), weapons: flag().default(false) }).optional(),
  /** Staff only: the unaccompanied-minor checkbox and its declaration tick (ours; the declaration also sets email_forms_pdf.minor). */
  unattendedMinor: flag().optional(),
  minorDisclaimer: flag().optional(),
  /** A blocked reservation being completed: its code (the wizard may send the whole row). */
  prenBloccataSel: z.union([ZBookingCode, z.object({ CodPrenotazione: ZBookingCode }).transform((r) => r.CodPrenotazione)]).nullish(),
});
export type TBookingForm = z.output<typeof ZBookingForm>;

const ZInvoice = z.object({
  requested: flag().default(false),
  invoice_type: z.coerce
    .number(msg('invalidValue'))
    .pipe(z.union([z.literal(0), z.literal(1)], msg('invalidValue')))
    .default(0),
  p_iva: optText(),
  business_name: optText(),
  fiscal_code: optText(),
  firstname: optText(),
  lastname: optText(),
  address: optText(),
  country: optText(),
  city: optText(),
  zip_code: optText(),
  pec: optText(),
  fiscal_recipient_code: optText(),
});
export type TInvoice = z.output<typeof ZInvoice>;

/** A booking's type (spec §7): card, payment link, cash, operator account, blocked seats; and a voucher covering all (issue 51). */
const ZBookingType = (params?: ReturnType<typeof msg>) =>
  z.union(
    [
      z.literal(BOOKING_TYPE.card),
      z.literal(BOOKING_TYPE.paymentLink),
      z.literal(BOOKING_TYPE.cash),
      z.literal(BOOKING_TYPE.operatorAccount),
      z.literal(BOOKING_TYPE.block),
      z.literal(BOOKING_TYPE.voucher),
    ],
    params,
  );

export const ZBookingStoreBody = z.object({
  type: ZBookingType(msg('invalidValue')),
  form: ZBookingForm,
  invoice: ZInvoice.nullish(),
  bookingChannel: z.literal('WEB', msg('invalidValue')).default('WEB'),
  /** Type 4: the reason for blocking the seats ('Motivazione obbligatoria'). */
  bloccaPostiNota: optText(),
  /** Retry of a failed booking (wt/staff-failed): retry true, the failed booking's code, and whether it still holds seats. */
  retry: flag().optional(),
  previousBooking: ZBookingCode.nullish(),
  pending: flag().optional(),
});
export type TBookingStoreBodyInput = z.input<typeof ZBookingStoreBody>;
export type TBookingStoreBody = z.output<typeof ZBookingStoreBody>;

const ZLocalized = z.object({ it: z.string(), en: z.string() });

/**
 * POST /api/bookings answer. status 'success' (type 1: go to bank_link; -1: show payment_link;
 * 2, 3: tickets issued, go to /booking-status/{base64 bookingCode}), 'block-confirmed' (type 4).
 */
export const ZStoreResponse = z.object({
  status: z.enum(['success', 'error', 'block-confirmed']),
  type: ZBookingType(),
  bank_link: z.string().nullable(),
  bookingCode: z.string().nullable(),
  /** ISO instant: the 10-minute payment deadline of a held booking (type 1, -1). */
  paymentDeadline: z.string().nullish(),
  /** Type -1: the payment link e-mailed, and the address it went to (wizard state 42). */
  payment_link: z.string().nullish(),
  email_payment_link: z.string().nullish(),
  /** Type 4: ISO instant until which the blocked seats are kept (docs/decisions/010). */
  blockExpiresAt: z.string().nullish(),
  message: z.string(),
  message_it: z.string(),
  message_en: z.string(),
  messages: ZLocalized,
});
export type TStoreResponse = z.infer<typeof ZStoreResponse>;

export const ZCheckCouponBody = z.object({
  coupon: z.string(msg('required')).trim().min(1, msg('couponInvalid')).max(64, msg('couponInvalid')),
  tickets: ZAmountIn,
  tot: ZAmountIn,
  /** Failed attempts so far. */
  att: z.coerce.number(msg('invalidValue')).int().min(0).max(COUPON_MAX_ATTEMPTS, msg('couponAttemptsExhausted')).default(0),
});
export type TCheckCouponBodyInput = z.input<typeof ZCheckCouponBody>;

export const ZCheckCouponResponse = z.object({
  status: z.enum(['success', 'error']),
  perc: z.number(),
  /** A voucher (issue 51): its balance in euros; perc is then 0. Absent for percentage coupons. */
  amount: ZAmount.optional(),
  /** A voucher: what it pays of `tot` and what is left on it (euros), and its last valid day (DD/MM/YYYY). */
  voucher: z.object({ applied: ZAmount, left: ZAmount, valid_to: z.string() }).optional(),
  /** null when the coupon was refused. */
  new_tkts_total: ZAmount.nullable(),
  new_grand_total: ZAmount.nullable(),
  message: z.string(),
  message_it: z.string(),
  message_en: z.string(),
  messages: ZLocalized,
  att: z.number().int(),
});
export type TCheckCouponResponse = z.infer<typeof ZCheckCouponResponse>;

export const ZBookingStatusResponse = z.object({
  booking: z
    .object({
      code: z.string(),
      email: z.string(),
      paxes: z.array(
        z.object({
          id: z.number().int(),
          fullname: z.string(),
          /** DD/MM/YYYY */
          birthdate: z.string(),
          /** The passenger's first ticket number (outbound); null until issued. */
          ticket: z.string().nullable(),
          email: z.string().nullable(),
          /** All of the passenger's ticket numbers (outbound, return). */
          tickets: z.array(z.string()),
        }),
      ),
      /** ISO instant of the payment deadline while pending, and whether its one extension is used (ours). */
      paymentDeadline: z.string().nullish(),
      deadlineExtended: z.boolean().optional(),
      state: z.enum(['pending', 'blocked', 'paid', 'ticketed', 'failed', 'expired', 'refunded', 'deleted']).optional(),
    })
    .nullable(),
  status: z.union([z.literal(1), z.literal(0)]),
  bank: z.object({ message: z.string().nullable(), error_code: z.string().nullable() }),
});

/** GET /api/booking-status as the server answers it: the spec's response plus what the status screen needs while the bank has not answered. */
export const ZBookingStatusAnswer = ZBookingStatusResponse.extend({
  /** true while the bank has not answered yet (the status screen keeps polling). */
  pending: z.boolean(),
  /** Why it failed, in both languages, when the bank's own message is not the reason. */
  reason: ZLocalized.nullable(),
});
export type TBookingStatusAnswer = z.infer<typeof ZBookingStatusAnswer>;

/** POST /api/bookings/{code}/extend: the new payment deadline (ISO) after the one-time extension. */
export const ZExtendResponse = ZMessageBody.extend({ paymentDeadline: z.string(), deadlineExtended: z.literal(true) });
export type TExtendResponse = z.infer<typeof ZExtendResponse>;

/** Receipt: e-mail one passenger's tickets to an address (spec: 'email non valida'). */
export const ZSubmitTicketBody = z.object({
  email: ZEmailLike('receiptEmailInvalid'),
  tickets: z.array(ZTicketNumber, msg('invalidValue')).min(1, msg('required')).max(10, msg('invalidValue')),
});
export type TSubmitTicketBody = z.infer<typeof ZSubmitTicketBody>;
