import {
  ANIMAL_PAX_ID,
  centsToAmount,
  dayjs,
  editableUntil,
  formatEditableUntil,
  isEditableAt,
  OPERATOR_TZ,
  placeById,
  type TMyTicketRow,
  toWireDate,
} from '@heliline/domain';
import { pdfFormFlags } from '../../pdf/forms.ts';
import type { TicketRow } from '../ticket-pdf.ts';

/** What the booking recorded about one passenger (null when the ticket came without a booking row). */
export interface BookedPassenger {
  gender: string | null;
  document_type: number;
  document_num: string | null;
  email: string | null;
  telephone: string | null;
  residence: string | null;
  dsc: number;
}

export interface RowContext {
  passenger: BookedPassenger | undefined;
  paymentType: number;
  /** Cancelled, or moved onto another ticket by a change: no longer live. */
  cancelled: boolean;
  now: Date;
}

const rome = (iso: string) => dayjs(iso).tz(OPERATOR_TZ);
const placeName = (id: number) => placeById(id)?.name.it ?? String(id);
const gender = (v: string | null | undefined) => (v === 'M' || v === 'F' ? v : null);

/** The ticket's own value (edited in my-tickets) or, until edited, what the booking recorded. */
export function passengerData(row: TicketRow, booked: BookedPassenger | undefined) {
  return {
    doc_type: row.doc_type ?? (booked?.document_type || null),
    doc_num: row.doc_num ?? booked?.document_num ?? null,
    address: row.address ?? booked?.residence ?? null,
    emailPax: row.email ?? booked?.email ?? null,
    telPax: row.tel ?? booked?.telephone ?? null,
  };
}

export const journeyOf = (row: Pick<TicketRow, 'origin_id' | 'destination_id' | 'departs_at'>) => ({
  originId: row.origin_id,
  destinationId: row.destination_id,
  departsAt: row.departs_at,
});

/** One row of the list (spec §3). */
export function myTicketRow(row: TicketRow, ctx: RowContext): TMyTicketRow {
  const animal = row.category === 'an';
  const takeOff = rome(row.departs_at);
  const issued = rome(row.issued_at);
  const { cancelled } = ctx;
  return {
    idPax: animal ? ANIMAL_PAX_ID : Number(row.passenger_key),
    bookingCode: row.booking_code,
    ticketNr: row.ticket_nr,
    ticketNrInv: row.ticket_nr_inv,
    dw: row.ticket_nr_inv ? 'DW' : 'OW',
    dw_flight: row.direction,
    lastname: row.lastname,
    firstname: row.firstname,
    birthdate: row.birth_date,
    gender: gender(ctx.passenger?.gender),
    paxCategory: animal ? 'AN' : (row.tkt_category as 'AD' | 'CH' | 'INF'),
    ...passengerData(row, ctx.passenger),
    doc_expdate: row.doc_expdate ? toWireDate(row.doc_expdate) : null,
    emailBooking: row.contact_email,
    email_pdf_forms: pdfFormFlags(row.email_pdf_forms),
    editable_until: formatEditableUntil(editableUntil(journeyOf(row))),
    editable: !cancelled && isEditableAt(journeyOf(row), ctx.now),
    paymentType: ctx.paymentType,
    cancelled,
    ticket: centsToAmount(row.ticket_cents),
    tax: centsToAmount(row.tax_cents),
    landingFee: centsToAmount(row.landing_tax_cents),
    fare: centsToAmount(row.fare_cents),
    discount: ctx.passenger?.dsc ?? 0,
    ticketCost: centsToAmount(row.total_cents),
    origin: row.origin_id,
    destination: row.destination_id,
    label_origin: placeName(row.origin_id),
    label_destination: placeName(row.destination_id),
    flightId: row.flight_id,
    flightCode: row.flight_code,
    takeOffDate: takeOff.format('DD/MM/YYYY'),
    takeOffTime: takeOff.format('HH:mm'),
    bookingDate: issued.format('DD/MM/YYYY'),
    bookingTime: issued.format('HH:mm'),
  };
}
