// The my-tickets list's limits and rules without zod: the web app's list uses them at first
// paint, the schemas (wire.ts) only where a request is checked.
import { BOOKING_TYPE } from '../booking/payment-types.ts';

/** Spec §5: bookingCode at most 8 characters, ticketNr at most 7. */
export const MY_TICKETS_BOOKING_CODE_MAX = 8;
export const MY_TICKETS_TICKET_NR_MAX = 7;
/** Spec §9: 25 rows a page. */
export const MY_TICKETS_PAGE_SIZE = 25;
export const MY_TICKETS_MAX_PAGE = 10_000;

/** paymentType of a row (spec §2): its booking's type, or 10 'id%50', 12 tickets being modified (a change waits for payment). */
export const MY_TICKETS_PAYMENT_TYPES = {
  card: BOOKING_TYPE.card,
  paymentLink: BOOKING_TYPE.paymentLink,
  cash: BOOKING_TYPE.cash,
  operatorAccount: BOOKING_TYPE.operatorAccount,
  id50: 10,
  beingModified: 12,
} as const;

/** Spec §5: a search needs at least one filter (includeCancelled alone is not one). */
export function hasMyTicketsFilter(q: { [K in 'flightDate' | 'bookingCode' | 'ticketNr' | 'lastname' | 'firstname']?: string | null }): boolean {
  return [q.flightDate, q.bookingCode, q.ticketNr, q.lastname, q.firstname].some((v) => !!v?.trim());
}
