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
export const BOOKING_CODE_MAX = 8;
export const TICKET_NR_MAX = 7;

/** Spec §5: at least one of the text filters ('include cancelled' alone is not a search). */
export function hasAnyFilter(f: TicketFilters): boolean {
  return [f.flightDate, f.bookingCode, f.ticketNr, f.lastname, f.firstname].some((v) => v.trim() !== '');
}

/** The first 6 characters of a booking code identify its booking group (spec §9). */
export const bookingGroup = (code: string) => code.slice(0, 6);
