import type { TBookingStoreBodyInput, TFailedBooking } from '@heliline/domain';
import { BOOKING_TYPE, type StaffPaymentType } from '@heliline/domain/booking/payment-types';
import { can } from '@heliline/domain/roles';

/** Payment types a retry may use (spec §7): the staff payment area's. Card is the buyers' own button, not staff's (spec §2 step 4). */
export type RetryType = StaffPaymentType;

/** The types this staff member's roles allow, the payment link first (what a clerk usually sends). */
export function retryTypesFor(roles: readonly string[]): RetryType[] {
  const out: RetryType[] = [];
  if (can(roles, 'booking.paymentLink')) out.push(BOOKING_TYPE.paymentLink);
  if (can(roles, 'booking.cash')) out.push(BOOKING_TYPE.cash);
  if (can(roles, 'booking.operatorAccount')) out.push(BOOKING_TYPE.operatorAccount);
  return out;
}

/** Rows the caller may retry: their own, not in someone else's hands. */
export function retryable(rows: readonly TFailedBooking[]): TFailedBooking[] {
  return rows.filter((r) => r.createdByMe);
}

/**
 * POST /api/bookings body that retries `row` (spec §7 retry mode: retry, previousBooking,
 * pending): the same flights and passengers, the chosen payment. Name and gender go for new
 * passengers only (negative id), discounts for the staff roles that may give them.
 */
export function retryBody(row: TFailedBooking, type: RetryType, linkEmail: string, roles: readonly string[]): TBookingStoreBodyInput {
  const adults = row.paxes.filter((p) => p.category === 'a');
  const discounts = can(roles, 'booking.discounts');
  return {
    type,
    bookingChannel: 'WEB',
    retry: true,
    previousBooking: row.code,
    pending: row.pending,
    invoice: null,
    form: {
      flightType: row.comebackFlightId ? 'DW' : 'OW',
      originId: row.originId,
      destinationId: row.destinationId,
      departureDate: row.departureFlight.date,
      comebackDate: row.comebackFlight?.date ?? null,
      departureFlightId: row.departureFlightId,
      comebackFlightId: row.comebackFlightId,
      men: adults.filter((p) => p.gender === 'M').length,
      women: adults.filter((p) => p.gender === 'F').length,
      children: row.paxes.filter((p) => p.category === 'c').length,
      infants: row.paxes.filter((p) => p.category === 'i').length,
      paxes: row.paxes.map((p) => ({
        id: p.id,
        category: p.category,
        tktCategory: p.tktCategory,
        ...(p.id < 0 ? { lastname: p.lastname, firstname: p.firstname, gender: p.gender } : {}),
        birthDate: p.birthDate,
        residence: p.residence,
        document_type: p.document_type,
        document_num: p.document_num,
        email: p.email,
        telephone: p.telephone,
        ...(discounts ? { exemption: p.exemption, dsc: p.dsc } : {}),
      })),
      contacts: {
        email: row.contacts.email,
        telephone: row.contacts.telephone,
        email_payment_link: type === BOOKING_TYPE.paymentLink ? linkEmail : row.contacts.email_payment_link,
      },
      // the conditions were accepted when the booking was first made
      conditions: true,
      coupon: null,
      email_forms_pdf: row.email_forms_pdf,
    },
  };
}
