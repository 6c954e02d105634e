import '../i18n/zod-errors.ts';
import { z } from 'zod';
import { ZTicketNumber } from '../booking/schemas.ts';
import { EMAIL_PATTERN, TEXT_MAX_LENGTH } from '../booking/email.ts';
import { CHANGE_TYPE } from '../booking/payment-types.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { ZLocalized } from '../wire.ts';
import { ZTicketPriceAndFlight } from './wire.ts';

/**
 * Wire shapes of my-tickets edit mode (spec my-tickets §2 Edit mode, §3, §4, §7): the whole
 * booking, the change (preview, pay, payment link), the status poll and the PayPal calls.
 * Field names are the spec's; money is euros with 2 decimals (see fares/money.ts); dates
 * DD/MM/YYYY, times HH:mm, editable_until 'YYYY-MM-DD hh:mm:ss' (Rome time).
 */
const msg = (key: MessageKey) => ({ message: key });
const id = () => z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).positive(msg('invalidValue'));
const flag = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
/** Refund percentage and fee as typed: digits with an optional decimal part (spec §5). */
const refundNumber = () =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,7}(\.\d{1,2})?$/, msg('changeRefundNumberInvalid'))
          .transform(Number),
      ],
      msg('changeRefundNumberInvalid'),
    )
    .pipe(z.number().nonnegative(msg('changeRefundNumberInvalid')).max(10_000_000, msg('changeRefundNumberInvalid')));

// ---- GET /api/manage-bookings/{bookingCode} ----------------------------------------------------

/** Refund settings of one ticket (spec §3 defaults: 100 %, fee 0, tax and landing fee refunded). */
const ZRefundSettings = z.object({
  refunded_perc: z.number(),
  refunded_fee: z.number(),
  refunded_tax: z.boolean(),
  refunded_landingFee: z.boolean(),
});

/**
 * One ticket row of a booking (spec §3). `id` is the ticket number as a number for stored
 * tickets; the preview's replacement rows have negative ids. Amounts in euros.
 */
const ZChangeRow = ZRefundSettings.extend({
  id: z.number().int(),
  /** 100 = an animal (spec §9); otherwise the passenger's position in its booking. */
  idPax: z.number().int(),
  bookingCode: z.string(),
  /** null on a preview row not issued yet. */
  ticketNr: z.string().nullable(),
  ticketNrInv: z.string().nullable(),
  /** 'DW' round trip, 'OW' one way. */
  dw: z.enum(['DW', 'OW']),
  /** d outbound, c return. */
  dw_flight: z.enum(['d', 'c']),
  lastname: z.string(),
  firstname: z.string(),
  /** DD/MM/YYYY */
  birthdate: z.string(),
  paxCategory: z.enum(['AD', 'CH', 'AN', 'INF']),
  category: z.string(),
  emailBooking: z.string(),
  /** 'YYYY-MM-DD hh:mm:ss' Rome time; null on preview rows. */
  editable_until: z.string().nullable(),
  /** Ours: editable_until has not passed and the ticket is live. */
  editable: z.boolean(),
  /** 1 card …; 12 while a change of the booking waits for payment. */
  paymentType: z.number().int(),
  cancelled: z.boolean(),
  /** Target travel slot id (1-based) in a preview, 0 for none. */
  movedOn: z.number().int(),
  /** Ours: the stored ticket was moved onto this ticket (null when not moved). */
  movedTo: z.string().nullable(),
  /** Ours: what a cancelled ticket refunds (or would refund with these settings), euros. */
  refund: z.number().nullable(),
  description: z.string(),
  ...ZTicketPriceAndFlight.shape,
});
export type TChangeRow = z.infer<typeof ZChangeRow>;

const ZTravelPax = z.object({
  /** The row id (ticket number as a number). */
  bookingId: z.number().int(),
  id: z.number().int(),
  gender: z.string().nullable(),
  category: z.string(),
  birthDate: z.string(),
  exemption: z.boolean(),
  dsc: z.number(),
});

/** A numbered flight slot (spec §3 travel slot): the booking's journeys when the booking is opened. */
const ZTravelSlot = z.object({
  id: z.number().int(),
  description: z.string(),
  flightCode: z.string(),
  /** DD/MM/YYYY */
  flightDate: z.string(),
  origin: z.number().int(),
  destination: z.number().int(),
  flightId: z.number().int(),
  takeOffDate: z.string(),
  takeOffTime: z.string(),
  originLabel: z.string(),
  destinationLabel: z.string(),
  seasonFare: z.enum(['low', 'high', 'res']),
  paxes: z.array(ZTravelPax),
});
export type TTravelSlot = z.infer<typeof ZTravelSlot>;

export const ZManageBookingAnswer = z.object({
  /** The 6-character group code. */
  bookingCode: z.string(),
  bookings: z.array(ZChangeRow),
  travels: z.array(ZTravelSlot),
  /** Ours: may this reader set refund settings per ticket (Admin, Prenotazioni, PrenotaFull)? Customers get the policy's. */
  refundSettingsEditable: z.boolean(),
  /** Ours: a change of this booking is waiting for payment (its request id), else null. */
  pendingChange: z.object({ bookingRequestUuid: z.string(), amount: z.number(), paymentDeadline: z.string() }).nullable(),
  /** Ours: can a change that costs more be paid online (PayPal)? false when the operator opted out (PAYPAL_ENABLED=false). */
  paidChangesAvailable: z.boolean(),
});
export type TManageBookingAnswer = z.infer<typeof ZManageBookingAnswer>;

// ---- PUT /api/bookings/{bookingCode} -----------------------------------------------------------

const ZChangeTravelPaxIn = z
  .object({
    /** The row id of the ticket being moved (its number as a number) … */
    bookingId: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).optional(),
    /** … or its ticket number. One of the two is required. */
    ticketNr: ZTicketNumber.optional(),
    // Informative (the server reads the passenger from the ticket): id, gender, category, birthDate, exemption, dsc.
    id: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).optional(),
    gender: z.string().max(2).nullish(),
    category: z.string().max(4).nullish(),
    birthDate: z.string().max(10).nullish(),
    exemption: flag().optional(),
    dsc: z.coerce.number(msg('invalidValue')).min(0, msg('invalidValue')).max(100, msg('invalidValue')).optional(),
  })
  .refine((p) => p.bookingId !== undefined || p.ticketNr !== undefined, msg('required'));

const ZChangeTravelIn = z.object({
  id: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).optional(),
  origin: id(),
  destination: id(),
  /** null / missing = a slot without a chosen flight (refused with the spec's message). */
  flightId: id().nullish(),
  paxes: z.array(ZChangeTravelPaxIn, msg('invalidValue')).max(60, msg('invalidValue')),
});

export const ZCancellationIn = z.object({
  ticketNr: ZTicketNumber,
  /** Staff only; for customers the refund policy decides whatever is sent. */
  refunded_perc: refundNumber()
    .pipe(z.number().max(100, msg('changeRefundNumberInvalid')))
    .default(100),
  refunded_fee: refundNumber().default(0),
  refunded_tax: flag().default(true),
  refunded_landingFee: flag().default(true),
});

export const ZChangeBody = z.object({
  type: z.union([z.literal(CHANGE_TYPE.preview), z.literal(CHANGE_TYPE.paymentLink), z.literal(CHANGE_TYPE.pay)], msg('invalidValue')),
  travels: z.array(ZChangeTravelIn, msg('invalidValue')).max(60, msg('invalidValue')).default([]),
  cancellations: z.array(ZCancellationIn, msg('invalidValue')).max(60, msg('invalidValue')).default([]),
  contacts: z.object({ email_payment_link: z.string().max(TEXT_MAX_LENGTH).nullish() }).default({}),
  adminFeeCheck: flag().default(true),
});
export type TChangeBodyInput = z.input<typeof ZChangeBody>;
export type TChangeBody = z.output<typeof ZChangeBody>;

/** Costs of a change (spec §3 costs), euros. total = ticket + tax + landingFee + adminFee (adminFee 0 when unchecked). */
const ZChangeCosts = z.object({
  ticket: z.number(),
  tax: z.number(),
  landingFee: z.number(),
  adminFee: z.number(),
  adminFeeCheck: z.boolean(),
  total: z.number(),
  /** Ours: what the cancellations refund (never netted against the difference). */
  refund: z.number(),
  /** Ours: number of tickets moved or cancelled. */
  modifiedTickets: z.number().int(),
});

export const ZChangeAnswer = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  messages: ZLocalized,
  /** Old rows (movedOn / cancelled set) and the new replacement rows (negative ids). */
  rows: z.array(ZChangeRow),
  costs: ZChangeCosts,
  /** true: pay `amount` through PayPal with bookingRequestUuid. */
  paypal: z.boolean(),
  /** The change request's code (8 characters) once recorded, else the group code. */
  bookingCode: z.string(),
  amount: z.number(),
  bookingRequestUuid: z.string().nullable(),
  /** Ours: ISO instant until which the new seats are held. */
  paymentDeadline: z.string().nullable(),
  /** Ours: the change is already applied (nothing to pay). */
  applied: z.boolean(),
});
export type TChangeAnswer = z.infer<typeof ZChangeAnswer>;

// ---- GET /api/bookings-requests/retrieve-status ------------------------------------------------

export const ZRetrieveStatusQuery = z.object({
  bookingRequestUuid: z.uuid(msg('invalidValue')),
  paymentType: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).default(1),
});

export const ZRetrieveStatusAnswer = z.object({
  /** true when the change is done (tickets issued) — polling stops when type is 1 or -1. */
  status: z.boolean(),
  messages: ZLocalized,
  type: z.number().int(),
  bank_link: z.string().nullable(),
  redirect_link: z.string().nullable(),
  amount: z.number(),
  bookingCode: z.string(),
  /** Ours: pending | paying | ticketed | failed | expired. */
  state: z.string(),
});
export type TRetrieveStatusAnswer = z.infer<typeof ZRetrieveStatusAnswer>;

// ---- PayPal (our proxy of Orders v2) ----------------------------------------------------------

/** Where PayPal sends the buyer back: the my-tickets route with these query parameters. */
export const PAYPAL_RETURN_PATH = '/my-tickets';
/** ?paypal=approved|cancelled&bookingRequestUuid=…&token={orderID}[&PayerID=…] */
export const PAYPAL_RETURN_PARAM = 'paypal';

const ZPaypalCartItem = z.object({
  reference_id: z.string().max(64).optional(),
  description: z.string().max(127).optional(),
  amount: z.object({ currency_code: z.literal('EUR'), value: z.string().max(16) }).optional(),
});

/** The cart is accepted for the spec's sake and ignored: the amount is the server's. */
export const ZPaypalCreateOrderBody = z.object({
  bookingRequestUuid: z.uuid(msg('invalidValue')),
  cart: z.array(ZPaypalCartItem).max(10).optional(),
});

const ZPaypalLink = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const ZPaypalCreateOrderAnswer = z.object({
  id: z.string(),
  status: z.string(),
  /** The approve (payer-action) link: the browser goes there. */
  approveLink: z.string(),
  links: z.array(ZPaypalLink),
});
export type TPaypalCreateOrderAnswer = z.infer<typeof ZPaypalCreateOrderAnswer>;

export const ZPaypalCaptureAnswer = z.object({
  id: z.string(),
  /** COMPLETED, or the error name (INSTRUMENT_DECLINED …) with details. */
  status: z.string(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
  purchase_units: z.array(
    z.object({
      reference_id: z.string().optional(),
      payments: z
        .object({
          captures: z.array(z.object({ id: z.string(), status: z.string(), amount: z.object({ currency_code: z.string(), value: z.string() }) })).optional(),
          authorizations: z.array(z.object({ id: z.string(), status: z.string() })).optional(),
        })
        .optional(),
    }),
  ),
  /** Ours: the change request's code and where the status screen is. */
  bookingCode: z.string(),
  bookingRequestUuid: z.string(),
});
export type TPaypalCaptureAnswer = z.infer<typeof ZPaypalCaptureAnswer>;

/** The payment-link e-mail for type -1 (spec §5: 'email destinatario non valida'). */
export const isChangeLinkEmail = (v: string | null | undefined) => !!v && v.length <= TEXT_MAX_LENGTH && EMAIL_PATTERN.test(v);
