import '../i18n/zod-errors.ts';
import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { PAX_CATEGORIES, TKT_CATEGORIES } from '../booking/categories.ts';
import { ZBookingCode } from '../booking/schemas.ts';
import { ZLocalized, ZMessageBody } from '../wire.ts';

/**
 * Wire shapes of the failed-bookings screen (spec wizard §2 "Failed-bookings screen", §3
 * "Failed booking", §4, §7) and the events of its live staff channel (the Pusher Channels
 * protocol at /app/{key}; docs/decisions/053). The server serialises with these, the web reads their types.
 */
const msg = (key: MessageKey) => ({ message: key });

/** A flag as the spec's client sends it: true/false, 1/0, "1"/"0". */
const flag = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')], msg('invalidValue'))
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** One leg of a failed booking as the row shows it. */
const ZFailedFlight = z.object({
  /** DD/MM/YYYY, Rome. */
  date: z.string(),
  /** HH:mm, Rome. */
  time: z.string(),
  /** LIDnnn */
  code: z.string(),
  /** Place names (origin, destination) in the request's language. */
  source: z.string(),
  destination: z.string(),
});
export type TFailedFlight = z.infer<typeof ZFailedFlight>;

/** A passenger of a failed booking, in the store body's passenger shape (the wizard can re-send it on retry). */
const ZFailedPassenger = z.object({
  /** The passenger profile id, or a negative number for a passenger entered by hand. */
  id: z.number().int(),
  category: z.enum(PAX_CATEGORIES),
  tktCategory: z.enum(TKT_CATEGORIES),
  gender: z.enum(['M', 'F']).nullable(),
  lastname: z.string(),
  firstname: z.string(),
  /** DD/MM/YYYY */
  birthDate: z.string(),
  residence: z.string().nullable(),
  document_type: z.number().int(),
  document_num: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  exemption: z.boolean(),
  dsc: z.number(),
});

/**
 * The request's status (ours). The list holds pending, failed and expired ones; the lock call's
 * answer may show a row that has just left the list (paid, ticketed, removed …).
 */
const FAILED_STATES = ['pending', 'failed', 'expired', 'paid', 'ticketed', 'refunded', 'deleted', 'blocked'] as const;

/** One row of the failed-bookings screen (spec §3 "Failed booking"). */
const ZFailedBooking = z.object({
  code: z.string(),
  /** The creator's e-mail. */
  user: z.string(),
  /** ISO-8601 instant the booking request was made. */
  bookingDate: z.string(),
  /** Still holding seats: the buyer may still be on the bank's page. */
  pending: z.boolean(),
  /** The select box is disabled: someone else has the row in use. */
  disabled_flag: z.boolean(),
  /** The lock control is disabled: someone else has the row in use. */
  disabled_lock: z.boolean(),
  /** E-mail of the staff member who has the row in use (selected), or null. */
  in_use_by_user: z.string().nullable(),
  /** Locked rows cannot be deleted. */
  locked: z.boolean(),
  /** E-mail of who locked it, or null (ours). */
  locked_by_user: z.string().nullable(),
  /** Selected by the caller (in use by me). */
  flagged: z.boolean(),
  /** Why the payment did not complete, in the request's language (bank message and code, deadline passed …). */
  error_description: z.string().nullable(),
  state: z.enum(FAILED_STATES),
  /** Type of the original request (1 card, -1 payment link …). */
  type: z.number().int(),
  /** The caller created it (retry is allowed on own bookings only). */
  createdByMe: z.boolean(),
  /** Euros, 2 decimals: what the buyer was asked to pay. */
  amount: z.number(),
  originId: z.number().int(),
  destinationId: z.number().int(),
  departureFlightId: z.number().int(),
  comebackFlightId: z.number().int().nullable(),
  departureFlight: ZFailedFlight,
  comebackFlight: ZFailedFlight.nullable(),
  paxes: z.array(ZFailedPassenger),
  contacts: z.object({ email: z.string(), email_payment_link: z.string().nullable(), telephone: z.string() }),
  email_forms_pdf: z.object({ minor: z.boolean(), pregnant: z.boolean(), weapons: z.boolean() }),
});
export type TFailedBooking = z.infer<typeof ZFailedBooking>;

/** GET /api/bookings-failed: the last 24 hours, newest first. */
export const ZFailedBookingsResponse = z.object({ bookings: z.array(ZFailedBooking) });
export type TFailedBookingsResponse = z.infer<typeof ZFailedBookingsResponse>;

/**
 * POST /api/bookings/lock. status: true selects the row (in use by me; my previously selected
 * row is released), false releases it (holder only). locked: the lock state wanted (true locks,
 * false unlocks). At least one of the two. Optional header X-Socket-Id: the caller's own
 * realtime socket, which does not receive the resulting event (Pusher's "to others").
 */
export const ZBookingLockBody = z
  .object({ code: ZBookingCode, status: flag().optional(), locked: flag().optional() })
  .refine((b) => b.status !== undefined || b.locked !== undefined, { message: 'required', path: ['status'] });
export type TBookingLockBodyInput = z.input<typeof ZBookingLockBody>;
export type TBookingLockBody = z.output<typeof ZBookingLockBody>;

/** Answer of the lock call: the row as it is now, with a notice. */
export const ZBookingLockResponse = ZMessageBody.extend({ booking: ZFailedBooking });
export type TBookingLockResponse = z.infer<typeof ZBookingLockResponse>;

/** PUT /api/bookings-failed/{code}: removes the booking (the server decides itself whether seats are held; `pending` is the screen's view). */
export const ZFailedBookingUpdateBody = z.object({ pending: flag().optional() });

/** Answer: 'E' stata rimossa e sono stati liberati i relativi posti' or 'E' stata rimossa'. */
export const ZFailedBookingRemovedResponse = ZMessageBody.extend({ code: z.string(), freedSeats: z.number().int().min(0) });
export type TFailedBookingRemovedResponse = z.infer<typeof ZFailedBookingRemovedResponse>;

/**
 * POST /api/bookings-failed/{code}/payment-link: a new payment link for the row the caller has
 * selected, e-mailed to `email_payment_link` (spec §3 contacts.email_payment_link). An invalid
 * address is a 422 whose message is 'Email per invio link non valida! - ricontrollare anche
 * possibili spazi vuoti -' (errors.email_payment_link); nothing is sent.
 */
export const ZFailedPaymentLinkBody = z.object({ email_payment_link: z.string(msg('paymentLinkEmailInvalidCheckSpaces')).max(1000, msg('tooLong')) });
export type TFailedPaymentLinkBody = z.infer<typeof ZFailedPaymentLinkBody>;

/**
 * Answer: the link to copy, the address it went to (spec state 42) and the deadline. The same
 * booking waits for payment again (bookingCode is the row's code): its seats are held anew.
 */
export const ZFailedPaymentLinkResponse = ZMessageBody.extend({
  bank_link: z.string(),
  email: z.string(),
  bookingCode: z.string(),
  /** ISO instant: the new 10-minute payment deadline. */
  paymentDeadline: z.string(),
});
export type TFailedPaymentLinkResponse = z.infer<typeof ZFailedPaymentLinkResponse>;

// ---- live staff channel ---------------------------------------------------------------------

export { CHECK_IN_CHANNEL, DEFAULT_PUSHER_APP_KEY, FAILED_BOOKINGS_CHANNEL } from './live-channel.ts';

/** A row was selected, released, locked or unlocked. status: in use (true) or released (false). */
export const ZBookingHandled = z.object({
  code: z.string(),
  /** E-mail of who did it. */
  user: z.string(),
  /** The row's in-use state after the change (true = in use by `user`). */
  status: z.boolean(),
  locked: z.boolean(),
  /** What happened, for the notice. */
  action: z.enum(['selected', 'released', 'locked', 'unlocked']),
  /** The notice in both languages (e.g. 'in use by …'). */
  messages: ZLocalized,
});
export type TBookingHandled = z.infer<typeof ZBookingHandled>;

/** A row was removed (and, if it was pending, its seats freed). */
export const ZBookingDiscarded = z.object({
  code: z.string(),
  user: z.string(),
  freedSeats: z.number().int().min(0),
  messages: ZLocalized,
});
export type TBookingDiscarded = z.infer<typeof ZBookingDiscarded>;

/** POST /api/broadcasting/auth (staff session; others 403). */
export const ZBroadcastingAuthBody = z.object({
  socket_id: z.string(msg('required')).regex(/^\d{1,12}\.\d{1,12}$/, msg('invalidValue')),
  channel_name: z.string(msg('required')).max(100, msg('invalidValue')),
});

/** `auth`: "<key>:<hex HMAC-SHA256 of socket_id:channel_name>", sent back in the pusher:subscribe frame. */
export const ZBroadcastingAuthResponse = z.object({ auth: z.string() });
export type TBroadcastingAuthResponse = z.infer<typeof ZBroadcastingAuthResponse>;
