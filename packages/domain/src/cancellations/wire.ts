import '../i18n/zod-errors.ts';
import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { ZLocalized } from '../wire.ts';
import { CANCELLATION_CHOICES, CANCELLATION_REASON_MAX } from './rules.ts';

/** Wire schemas of weather cancellations (issue 13 part B): the staff screens and the passenger's choice page. */

const msg = (key: MessageKey) => ({ message: key });
/** A calendar date (YYYY-MM-DD): 2027-02-30 and 0000-00-00 are refused. */
const ZIsoDate = z.iso.date(msg('dateInvalid'));

/** GET /api/admin/cancellations/flights?date=YYYY-MM-DD */
export const ZCancellableFlightsQuery = z.object({ date: ZIsoDate });

const ZCancellableLeg = z.object({
  legId: z.number().int(),
  seq: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  departs: z.string().describe('HH:mm Rome'),
  arrives: z.string().describe('HH:mm Rome'),
  cancelled: z.boolean(),
});
const ZCancellableFlight = z.object({
  flightId: z.number().int(),
  code: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  extra: z.boolean(),
  cancelled: z.boolean(),
  legs: z.array(ZCancellableLeg),
  /** Live tickets on the flight (any leg). */
  tickets: z.number().int(),
  cancellationIds: z.array(z.number().int()),
});
export type TCancellableFlight = z.infer<typeof ZCancellableFlight>;
export const ZCancellableFlightsAnswer = z.object({ flights: z.array(ZCancellableFlight) });
export type TCancellableFlightsAnswer = z.infer<typeof ZCancellableFlightsAnswer>;

/** POST /api/admin/cancellations */
export const ZCancelFlightBody = z.object({
  flightId: z.number(msg('required')).int(msg('invalidValue')).positive(msg('invalidValue')),
  legId: z.number(msg('invalidValue')).int(msg('invalidValue')).positive(msg('invalidValue')).nullable().default(null),
  reason: z
    .string(msg('cancellationReasonRequired'))
    .trim()
    .min(3, msg('cancellationReasonRequired'))
    .max(CANCELLATION_REASON_MAX, msg('invalidValue'))
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), msg('invalidValue')),
});
export type TCancelFlightBody = z.input<typeof ZCancelFlightBody>;

export const ZCancelFlightAnswer = z.object({
  cancellationId: z.number().int(),
  notified: z.number().int().describe('booking groups told by e-mail'),
  message: z.string(),
  messages: ZLocalized,
});
export type TCancelFlightAnswer = z.infer<typeof ZCancelFlightAnswer>;

export const ZCancellationIdParams = z.object({ id: z.coerce.number(msg('invalidValue')).int(msg('invalidValue')).positive(msg('invalidValue')) });

const ZChoice = z.enum(CANCELLATION_CHOICES);

/** GET /api/admin/cancellations/{id}: who chose what, who has not answered. */
export const ZCancellationAnswers = z.object({
  cancellationId: z.number().int(),
  flightId: z.number().int(),
  flightCode: z.string(),
  date: z.string(),
  route: z.string().describe('the cancelled flight or leg, e.g. Foggia → Isole Tremiti'),
  reason: z.string(),
  createdAt: z.string(),
  notices: z.array(
    z.object({
      bookingCode: z.string(),
      email: z.string(),
      lang: z.enum(['it', 'en']),
      passengers: z.array(z.string()),
      tickets: z.array(z.string()),
      paid: z.number(),
      choice: ZChoice.nullable(),
      choiceText: z.string().nullable().describe('what was chosen, in the request language'),
      chosenAt: z.string().nullable(),
      remindedAt: z.string().nullable(),
    }),
  ),
});
export type TCancellationAnswers = z.infer<typeof ZCancellationAnswers>;

/** GET /api/admin/cancellations: every cancellation, newest first, with its answer counts. */
export const ZCancellationsList = z.object({
  cancellations: z.array(
    z.object({
      cancellationId: z.number().int(),
      flightCode: z.string(),
      date: z.string(),
      route: z.string(),
      reason: z.string(),
      createdAt: z.string(),
      notices: z.number().int(),
      answered: z.number().int(),
    }),
  ),
});
export type TCancellationsList = z.infer<typeof ZCancellationsList>;

/** The personal link's token: 43 base64url characters. */
export const ZFlightChangeParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, msg('cancellationLinkInvalid')) });

/** GET /api/flight-change/{token}: the passenger's choice page. */
export const ZFlightChangeView = z.object({
  bookingCode: z.string(),
  /** The language of this answer (the query's, else the booking's). */
  lang: z.enum(['it', 'en']),
  /** The booking's language: the page opens in it. */
  bookingLang: z.enum(['it', 'en']),
  flightCode: z.string(),
  date: z.string().describe('DD/MM/YYYY'),
  route: z.string(),
  reason: z.string(),
  passengers: z.array(z.object({ ticketNr: z.string(), name: z.string() })),
  paid: z.number(),
  choice: ZChoice.nullable(),
  choiceText: z.string().nullable(),
  choiceMessages: ZLocalized.nullable(),
  voucherCode: z.string().nullable(),
  /** Flights of the same route with enough free seats (move offers); empty once answered. */
  offers: z.array(
    z.object({
      flightId: z.number().int(),
      code: z.string(),
      date: z.string().describe('DD/MM/YYYY'),
      departs: z.string().describe('HH:mm Rome'),
      arrives: z.string(),
      freeSeats: z.number().int(),
    }),
  ),
  voucherValidMonths: z.number().int(),
  /** Unanswered, but none of its tickets is live any more (changed or cancelled meanwhile by staff or in my-tickets): nothing left to choose. */
  expired: z.boolean(),
});
export type TFlightChangeView = z.infer<typeof ZFlightChangeView>;

/** POST /api/flight-change/{token} */
export const ZFlightChangeBody = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('move'), flightId: z.number(msg('required')).int(msg('invalidValue')).positive(msg('invalidValue')) }),
  z.object({ choice: z.literal('refund') }),
  z.object({ choice: z.literal('voucher') }),
]);
export type TFlightChangeBody = z.infer<typeof ZFlightChangeBody>;
