/*
 * Provisional wire shapes of the my-tickets calls (spec §3, §7), until the domain publishes
 * packages/domain/src/tickets/wire.ts and changes-wire.ts: then these become z.infer of those.
 */
import type { PageInfo } from '../logic/pagination.ts';

export interface TicketRow {
  id: number;
  idPax: number;
  bookingCode: string;
  ticketNr: string;
  ticketNrInv: string | null;
  dw: number | boolean;
  dw_flight: 'd' | 'c' | '' | null;
  lastname: string;
  firstname: string;
  birthDate: string;
  gender: string | null;
  paxCategory: string;
  doc_type: number | null;
  doc_num: string | null;
  doc_expdate: string | null;
  address: string | null;
  emailPax: string | null;
  telPax: string | null;
  emailBooking: string | null;
  editable_until: string;
  paymentType: number;
  cancelled: boolean;
  ticket: number;
  tax: number;
  landingFee: number;
  fare: string;
  discount: number;
  ticketCost: number;
  label_origin: string;
  label_destination: string;
  flightCode: string;
  flightId: number;
  takeOffDate: string;
  takeOffTime: string;
}

export interface TicketsPage {
  bookings: TicketRow[];
  bookingsPending: string[];
  pagination: PageInfo;
}

export interface PassengerUpdate {
  lastname: string;
  firstname: string;
  birthdate: string;
  doc_type: number | null;
  doc_num: string;
  doc_expdate: string;
  address: string;
  emailPax: string;
  telPax: string;
}

export interface TicketEmail {
  pdfType: 'ticket' | 'booking';
  recipient: 'emailBooking' | 'emailPax';
  forms: { minor: boolean; pregnant: boolean; weapons: boolean };
}
