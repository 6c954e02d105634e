import type { Lang, PdfFormKind } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';

/**
 * What the booking module hands to the tickets module when a booking is paid. Tickets keeps
 * its own copy of what is printed (names, flights, prices), so a ticket never changes because
 * a booking row did, and ownership checks need no join into booking tables.
 */
export interface TicketPassenger {
  /** Stable key of the passenger inside the booking (e.g. its position "1", "2" …). */
  key: string;
  lastname: string;
  firstname: string;
  /** DD/MM/YYYY */
  birthDate: string;
  category: 'a' | 'c' | 'i' | 'an';
  tktCategory: 'AD' | 'CH' | 'INF';
  email: string | null;
}

export interface TicketJourney {
  /** d = outbound (departure), c = return (comeback). */
  direction: 'd' | 'c';
  flightId: number;
  flightCode: string;
  /** ISO-8601 UTC instants of the first take-off and last landing of the journey. */
  departsAt: string;
  arrivesAt: string;
  originId: number;
  destinationId: number;
}

export interface TicketPrice {
  passengerKey: string;
  direction: 'd' | 'c';
  fareCents: number;
  ticketCents: number;
  taxCents: number;
  landingTaxCents: number;
  totalCents: number;
}

export interface TicketIssueRequest {
  bookingCode: string;
  ownerUserId: number;
  contactEmail: string;
  lang: Lang;
  passengers: TicketPassenger[];
  journeys: TicketJourney[];
  prices: TicketPrice[];
}

export interface IssuedTicket {
  /** 7 digits. */
  ticketNr: string;
  passengerKey: string;
  direction: 'd' | 'c';
  /** The linked ticket of the other direction (return ↔ outbound), if any. */
  ticketNrInv: string | null;
  fullname: string;
  birthDate: string;
  email: string | null;
}

export interface Tickets {
  /** Inside the caller's transaction: one ticket per passenger per journey; idempotent per booking. */
  issue(trx: DbOrTrx, request: TicketIssueRequest): Promise<IssuedTicket[]>;
  /**
   * Inside the ticketing transaction: queues the tickets mail to the contact address (delivered
   * after the commit, with the PDF tickets and the check-in forms the booking flagged).
   */
  mailBookingTickets(trx: DbOrTrx, bookingCode: string, options?: { forms?: readonly PdfFormKind[] }): Promise<void>;
  listForBooking(bookingCode: string): Promise<IssuedTicket[]>;
}
