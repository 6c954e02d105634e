import { BOOKING_TYPE, countPaxes, type Issue, issue, type Lang, seatsNeeded, type TBookingStoreBody, validateBookingForm } from '@heliline/domain';
import { type BookingPlan, type Buyer, chosen, type PlanDeps, storedFlights } from './plan.ts';

export type BlockPlanResult = { ok: true; plan: BookingPlan } | { ok: false; issues: Issue[] };

/**
 * A type-4 request (seats blocked at step 2, spec §2): the route, flights and passenger counts
 * pass the step-1 and step-2 rules and a reason is given; there are no names, prices or
 * payment yet (they come when the block is sold with form.prenBloccataSel). The counts are the
 * form's passenger list, pets counted with the children as the flight search does.
 */
export async function planBlock(deps: PlanDeps, body: TBookingStoreBody, buyer: Buyer, who: { email: string; lang: Lang }, now: Date): Promise<BlockPlanResult> {
  const flights = await storedFlights(deps, body.form);
  const { issues } = validateBookingForm(body.form, {
    user: { gender: buyer.pax?.gender ?? null, roles: buyer.roles },
    storeType: BOOKING_TYPE.block,
    flights: { departure: chosen(flights.outbound), comeback: chosen(flights.comeback) },
    bloccaPostiNota: body.bloccaPostiNota ?? null,
    now,
  });
  if (issues.length) return { ok: false, issues };
  if (!flights.outbound) return { ok: false, issues: [issue('flightNotAvailable', undefined, 'departureFlightId')] };
  const c = countPaxes(body.form.paxes);
  // Drafts at step 2 may have no gender yet: the form's counters split the adults, who all take a seat.
  const men = Math.min(body.form.men ?? c.men, c.adults);
  const counts = { men, women: c.adults - men, children: c.children + c.pets, infants: c.infants };
  const zero = { tickets: 0, ticketsDiscounted: 0, taxes: 0, landingTaxes: 0, grandTotal: 0, grandTotalDiscounted: 0, amount: 0 };
  const plan: BookingPlan = {
    type: BOOKING_TYPE.block,
    lang: who.lang,
    channel: body.bookingChannel,
    flightType: body.form.flightType,
    originId: flights.originId,
    destinationId: flights.destinationId,
    outbound: flights.outbound,
    comeback: flights.comeback,
    counts,
    seats: seatsNeeded(counts),
    pets: c.pets,
    contacts: { email: who.email, telephone: '' },
    coupon: null,
    passengers: [],
    prices: [],
    totals: zero,
    invoice: null,
    forms: body.form.email_forms_pdf ?? null,
  };
  return { ok: true, plan };
}
