import { parseWireDate, romeDateOf } from '../dates.ts';
import { amountToCents } from '../fares/money.ts';
import { placeById } from '../places.ts';
import { can } from '../roles.ts';
import { blockReasonIssue, paymentLinkEmailIssue } from './email.ts';
import { issue, type Issue } from './issue.ts';
import { BOOKING_TYPE, type BookingType } from './payment-types.ts';
import type { TBookingForm, TInvoice } from './schemas.ts';
import { step1Issues, type BookingUser, type PaxCounts } from './step1.ts';
import { step2Issues, type ChosenFlight } from './step2.ts';
import { petIssues, step3Issues } from './step3.ts';
import { invoiceIssues } from './step4.ts';
import { computeTotals, totalsMismatch, TOTALS_KEYS, type Journey, type Totals } from './totals.ts';

/**
 * Steps 1–4 together, for POST /api/bookings (the wizard runs each step's rules as it goes).
 *
 * The caller (server) supplies what the form cannot prove: the logged-in user, the flights the
 * form names as looked up in the database, the coupon percentage it verified, and "now". For
 * known passengers (id ≥ 0) the spec sends neither names nor gender: merge the stored ones into
 * the form before calling, or their gender is unknown to the counts.
 */
export interface BookingFormContext {
  user: BookingUser | null;
  /** null: price the form only (guest grandtotal), no payment-type rules. */
  storeType: BookingType | null;
  flights: { departure: ChosenFlight | null; comeback: ChosenFlight | null };
  /** Verified coupon percentage (0 when none or not valid). */
  couponPerc?: number;
  invoice?: TInvoice | null;
  bloccaPostiNota?: string | null;
  now: Date;
}

interface BookingFormResult {
  issues: Issue[];
  /** Recomputed prices, when the route and flights are known. */
  priced: ReturnType<typeof computeTotals> | null;
}

/**
 * Who may store which kind of booking (spec §6): the card Checkout is for buyers and agencies
 * (Admin, Prenotazioni and PrenotaFull see the staff payment area instead, without it).
 */
export function canStoreType(type: BookingType, roles: readonly string[]): boolean {
  switch (type) {
    case BOOKING_TYPE.card:
      return !can(roles, 'booking.staffPaymentArea');
    case BOOKING_TYPE.paymentLink:
      return can(roles, 'booking.paymentLink');
    case BOOKING_TYPE.cash:
      return can(roles, 'booking.cash');
    case BOOKING_TYPE.operatorAccount:
      return can(roles, 'booking.operatorAccount');
    case BOOKING_TYPE.block:
      return can(roles, 'booking.blockSeats');
    case BOOKING_TYPE.voucher:
      return true;
  }
}

/** Passenger counts from the passenger list; pets counted apart. */
export function countPaxes(paxes: TBookingForm['paxes']): PaxCounts & { pets: number; adults: number } {
  const n = (pred: (p: TBookingForm['paxes'][number]) => boolean) => paxes.filter(pred).length;
  return {
    men: n((p) => p.category === 'a' && p.gender === 'M'),
    women: n((p) => p.category === 'a' && p.gender === 'F'),
    adults: n((p) => p.category === 'a'),
    children: n((p) => p.category === 'c'),
    infants: n((p) => p.category === 'i'),
    pets: n((p) => p.category === 'an'),
  };
}

/** The form's category counts, when sent, must describe its passenger list (children may include the pet). */
function countsMatch(form: TBookingForm, c: ReturnType<typeof countPaxes>): boolean {
  const { men, women, children, infants } = form;
  if (men === undefined && women === undefined && children === undefined && infants === undefined) return true;
  return (
    (men ?? 0) + (women ?? 0) === c.adults &&
    (men ?? 0) >= c.men &&
    (women ?? 0) >= c.women &&
    (children === c.children || children === c.children + c.pets) &&
    (infants ?? 0) === c.infants
  );
}

const samePlace = (a: number, b: number) => a === b || placeById(a)?.code === placeById(b)?.code;

/** The flights must be the ones the form names, on its route and dates. */
function flightMatchIssues(form: TBookingForm, departureIso: string | null, comebackIso: string | null, ctx: BookingFormContext): Issue[] {
  const out: Issue[] = [];
  const { departure, comeback } = ctx.flights;
  const o = form.originId ?? 0;
  const d = form.destinationId ?? 0;
  if (
    form.departureFlightId &&
    (!departure ||
      departure.flightId !== form.departureFlightId ||
      !samePlace(departure.originId, o) ||
      !samePlace(departure.destinationId, d) ||
      romeDateOf(departure.takeOffDateTime) !== departureIso)
  ) {
    out.push(issue('flightNotAvailable', undefined, 'departureFlightId'));
  }
  if (
    form.flightType === 'DW' &&
    form.comebackFlightId &&
    (!comeback ||
      comeback.flightId !== form.comebackFlightId ||
      !samePlace(comeback.originId, d) ||
      !samePlace(comeback.destinationId, o) ||
      romeDateOf(comeback.takeOffDateTime) !== comebackIso)
  ) {
    out.push(issue('flightNotAvailable', undefined, 'comebackFlightId'));
  }
  return out;
}

function totalsInCents(t: NonNullable<TBookingForm['totals']>): Partial<Totals> {
  const out: Partial<Totals> = {};
  for (const k of TOTALS_KEYS) if (t[k] !== undefined) out[k] = amountToCents(t[k]) ?? -1;
  return out;
}

export function validateBookingForm(form: TBookingForm, ctx: BookingFormContext): BookingFormResult {
  const roles = ctx.user?.roles ?? [];
  if (ctx.storeType !== null && !canStoreType(ctx.storeType, roles)) return { issues: [issue('forbidden', undefined, 'type')], priced: null };

  const departureIso = form.departureDate ? parseWireDate(form.departureDate) : null;
  const comebackIso = form.flightType === 'DW' && form.comebackDate ? parseWireDate(form.comebackDate) : null;
  const c = countPaxes(form.paxes);
  const minor = !!(form.unattendedMinor ?? form.email_forms_pdf?.minor);
  // Adults whose gender is not in the form (known passengers) are counted with the form's counters.
  const counts: PaxCounts = c.men + c.women === c.adults ? c : { ...c, men: form.men ?? c.men, women: form.women ?? c.women };

  const issues: Issue[] = [
    ...step1Issues(
      {
        flightType: form.flightType,
        originId: form.originId,
        destinationId: form.destinationId,
        departureDate: departureIso,
        comebackDate: comebackIso,
        counts,
        pets: c.pets,
        unattendedMinor: minor,
        minorDisclaimer: !!(form.minorDisclaimer ?? form.email_forms_pdf?.minor),
      },
      { user: ctx.user, today: romeDateOf(ctx.now) },
    ),
  ];
  if (!issues.length && !countsMatch(form, c)) issues.push(issue('paxCountMismatch', undefined, 'paxes'));
  if (issues.length) return { issues, priced: null };

  issues.push(...step2Issues({ flightType: form.flightType, departure: ctx.flights.departure, comeback: ctx.flights.comeback }, { roles, now: ctx.now }));
  if (!issues.length) issues.push(...flightMatchIssues(form, departureIso, comebackIso, ctx));
  if (issues.length) return { issues, priced: null };

  if (ctx.storeType === BOOKING_TYPE.block) {
    // Blocking seats happens at step 2: passengers and payment come when the block is completed.
    const reason = blockReasonIssue(ctx.bloccaPostiNota);
    return { issues: reason ? [reason] : [], priced: null };
  }

  issues.push(
    ...step3Issues({ paxes: form.paxes, contacts: form.contacts, conditions: form.conditions, unattendedMinor: minor }, { departureDate: departureIso! }),
    ...invoiceIssues(ctx.invoice),
    ...petIssues(form.paxes),
  );
  if (ctx.storeType === BOOKING_TYPE.paymentLink) {
    const link = paymentLinkEmailIssue(form.contacts.email_payment_link);
    if (link) issues.push({ ...link, path: 'contacts.email_payment_link' });
  }

  const journeys: Journey[] = [{ direction: 'd', originId: form.originId!, destinationId: form.destinationId!, date: departureIso! }];
  const back = ctx.flights.comeback;
  if (form.flightType === 'DW' && back) {
    journeys.push({ direction: 'c', originId: back.originId, destinationId: back.destinationId, date: comebackIso! });
  }
  const priced = computeTotals({
    paxes: form.paxes,
    journeys,
    couponPerc: ctx.couponPerc ?? 0,
    staffDiscounts: can(roles, 'booking.discounts'),
  });
  if (form.totals && totalsMismatch(totalsInCents(form.totals), priced.totals).length) {
    issues.push(issue('totalsChanged', undefined, 'totals'));
  }
  return { issues, priced };
}
