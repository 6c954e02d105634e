import { hasMyTicketsFilter, MY_TICKETS_BOOKING_CODE_MAX, MY_TICKETS_TICKET_NR_MAX } from '@heliline/domain/tickets/my-tickets-rules';

/** The list filters of spec §2/§3. flightDate is DD/MM/YYYY. */
export interface TicketFilters {
  flightDate: string;
  bookingCode: string;
  ticketNr: string;
  lastname: string;
  firstname: string;
  includeCancelled: boolean;
}

export const EMPTY_FILTERS: TicketFilters = { flightDate: '', bookingCode: '', ticketNr: '', lastname: '', firstname: '', includeCancelled: false };

/** Spec §5 lengths. */
export const BOOKING_CODE_MAX = MY_TICKETS_BOOKING_CODE_MAX;
export const TICKET_NR_MAX = MY_TICKETS_TICKET_NR_MAX;

/** Spec §5: at least one of the text filters ('include cancelled' alone is not a search): the domain's rule. */
export function hasAnyFilter(f: TicketFilters): boolean {
  return hasMyTicketsFilter(f);
}

/** The first 6 characters of a booking code identify its booking group (spec §9). */
export const bookingGroup = (code: string) => code.slice(0, 6);
