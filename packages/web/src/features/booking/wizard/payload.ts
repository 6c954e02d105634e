import { TKT_CATEGORY } from '@heliline/domain/booking/categories';
import { centsToAmount } from '@heliline/domain/fares/money';
import { BOOKING_TYPE, type BookingType } from '@heliline/domain/booking/payment-types';
import type { StoreBody } from '../api/store-booking.ts';
import type { Totals } from './costs.ts';
import { wire } from '../../../lib/dates.ts';
import type { InvoiceDraft } from './invoice.ts';
import type { WizardForm } from './state.ts';

/** How the booking is stored (spec §7): 1 card (default), -1 payment link, 2 cash, 3 operator account, 4 blocked seats with its reason. */
export interface StoreOptions {
  staffDiscounts: boolean;
  type?: BookingType;
  /** Type 4 only: why the seats are blocked. */
  blockReason?: string;
}

/**
 * POST /api/bookings body (spec §7); a card purchase (type 1) unless told. The client's totals travel
 * along so the server can refuse a booking priced differently from what the buyer saw.
 * Name and gender are sent for new passengers only (negative id): the account holder's own
 * passenger goes with its profile id and the server fills them in (§5 Other). Exemption and
 * dsc are sent only by staff.
 */
export function bookingBody(form: WizardForm, totals: Totals, invoice: InvoiceDraft, opts: StoreOptions): StoreBody {
  const money = (c: number) => centsToAmount(c);
  const type = opts.type ?? BOOKING_TYPE.card;
  return {
    type,
    bookingChannel: 'WEB',
    ...(type === BOOKING_TYPE.block ? { bloccaPostiNota: opts.blockReason?.trim() ?? '' } : {}),
    form: {
      flightType: form.flightType,
      originId: form.originId,
      destinationId: form.destinationId,
      departureDate: wire(form.departureDate),
      comebackDate: form.flightType === 'DW' ? wire(form.comebackDate) : null,
      departureFlightId: form.departureFlightId,
      comebackFlightId: form.flightType === 'DW' ? form.comebackFlightId : null,
      men: form.counts.men,
      women: form.counts.women,
      // Children plus the pet, as the flight search counted them (spec §7).
      children: form.counts.children + (form.pet ? 1 : 0),
      infants: form.counts.infants,
      paxes: form.paxes.map((p) => ({
        id: p.id,
        category: p.category,
        tktCategory: TKT_CATEGORY[p.category],
        ...(p.id < 0 ? { lastname: p.lastname.trim(), firstname: p.firstname.trim(), gender: p.gender || null } : {}),
        birthDate: p.birthDate,
        residence: p.residence.trim(),
        document_type: p.document_type ? Number(p.document_type) : 0,
        document_num: p.document_num.trim(),
        email: p.email.trim() || null,
        telephone: p.telephone.trim() || null,
        ...(opts.staffDiscounts ? { exemption: p.exemption, dsc: p.dsc } : {}),
        animal_owner_key: p.category === 'an' ? p.animal_owner_key : null,
        _uuid: p._uuid,
      })),
      totals: {
        tickets: money(totals.tickets),
        ticketsDiscounted: money(totals.ticketsDiscounted),
        taxes: money(totals.taxes),
        landingTaxes: money(totals.landingTaxes),
        grandTotal: money(totals.grandTotal),
        grandTotalDiscounted: money(totals.grandTotalDiscounted),
      },
      contacts: { email: form.contacts.email.trim(), telephone: form.contacts.telephone.trim(), email_payment_link: form.contacts.email_payment_link.trim() },
      conditions: form.conditions,
      coupon: { code: form.coupon.code, perc: form.coupon.perc },
      email_forms_pdf: { minor: form.unattendedMinor && form.minorDisclaimer, pregnant: form.pregnant, weapons: false },
      unattendedMinor: form.unattendedMinor,
      minorDisclaimer: form.minorDisclaimer,
      ...(form.prenBloccataSel ? { prenBloccataSel: form.prenBloccataSel } : {}),
    },
    invoice: { ...invoice },
  };
}
