import {
  amountToCents,
  can,
  computeTotals,
  invoiceIssues,
  type Issue,
  issue,
  type Lang,
  normaliseCouponCode,
  parseWireDate,
  romeToday,
  step1Issues,
  step2Issues,
  step3Issues,
  TKT_CATEGORY,
  toWireDate,
  TOTALS_KEYS,
  type Totals,
  totalsMismatch,
  validBirthDate,
} from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import { type Journey, journeyOf } from './journeys.ts';
import * as q from './queries.ts';
import type { TPlanInput } from './schemas.ts';
import { reversePlaces, seatsNeeded } from './search.ts';
import type { BookingPlan, PlannedPassenger, PlannedPrice } from './service.ts';

/** Who is buying, as the rules need them. */
export interface Buyer {
  id: number;
  roles: readonly string[];
  /** The account's passenger profile (the wizard's own passenger, id > 0). */
  pax: { lastname: string; firstname: string; gender: 'M' | 'F' | null; birthdate: string | null } | null;
}

export type PlanResult = { ok: true; plan: BookingPlan } | { ok: false; issues: Issue[] };

const ANIMAL_ID = 100;

/** The coupon percentage of a valid, active coupon on a date, or null. */
export async function couponPercent(db: DbOrTrx, code: string, isoDate: string): Promise<number | null> {
  const row = await q.findCoupon(db, normaliseCouponCode(code));
  if (!row || row.active !== 1) return null;
  if ((row.valid_from && isoDate < row.valid_from) || (row.valid_to && isoDate > row.valid_to)) return null;
  return row.perc;
}

/**
 * Re-validates a whole booking form with the domain rules (steps 1–4), loads the chosen
 * flights, recomputes every price from the fare table and compares the client's totals: the
 * server never trusts a price, a count, a birth date or a discount it did not compute.
 */
export async function planBooking(db: DbOrTrx, body: TPlanInput, buyer: Buyer, lang: Lang, now: Date): Promise<PlanResult> {
  const form = body.form;
  const staff = can(buyer.roles, 'booking.discounts');
  const issues: Issue[] = [];
  const departureDate = parseWireDate(form.departureDate);
  const comebackDate = form.flightType === 'DW' && form.comebackDate ? parseWireDate(form.comebackDate) : null;
  if (!departureDate) issues.push(issue('dateInvalid', undefined, 'departureDate'));
  if (form.flightType === 'DW' && form.comebackDate && !comebackDate) issues.push(issue('dateInvalid', undefined, 'comebackDate'));

  const pets = form.paxes.filter((p) => p.category === 'an').length;
  const counts = { men: form.men, women: form.women, children: form.children, infants: form.infants };
  issues.push(
    ...step1Issues(
      {
        flightType: form.flightType,
        originId: form.originId,
        destinationId: form.destinationId,
        departureDate,
        comebackDate,
        counts: { ...counts, children: counts.children - Math.min(pets, counts.children) },
        pets,
        unattendedMinor: form.unattendedMinor,
        minorDisclaimer: form.minorDisclaimer,
      },
      { user: { gender: buyer.pax?.gender ?? null, roles: buyer.roles }, today: romeToday(now) },
    ),
  );
  if (issues.length) return { ok: false, issues };

  // The flights must fly this route (a return flies it backwards) and be on sale to this buyer.
  const outbound = await journeyOf(db, form.departureFlightId, form.originId, form.destinationId);
  const back = reversePlaces(form.originId, form.destinationId);
  const comeback = form.flightType === 'DW' && form.comebackFlightId ? await journeyOf(db, form.comebackFlightId, back.originId, back.destinationId) : null;
  if (!outbound || outbound.status !== 'scheduled') issues.push(issue('flightNotAvailable', undefined, 'departureFlightId'));
  if (form.flightType === 'DW' && form.comebackFlightId && (!comeback || comeback.status !== 'scheduled')) issues.push(issue('flightNotAvailable', undefined, 'comebackFlightId'));
  if (issues.length || !outbound) return { ok: false, issues };
  const chosen = (j: Journey) => ({ flightId: j.flightId, takeOffDateTime: j.departsAt, extra: j.extra, originId: j.originId, destinationId: j.destinationId });
  issues.push(...step2Issues({ flightType: form.flightType, departure: chosen(outbound), comeback: comeback ? chosen(comeback) : null }, { roles: buyer.roles, now }));
  if (issues.length) return { ok: false, issues };

  // Passengers: the account's own one (positive id) takes its names from the profile.
  const own = form.paxes.filter((p) => p.id > 0 && p.id !== ANIMAL_ID);
  if (own.length > 1 || (own.length === 1 && !buyer.pax)) return { ok: false, issues: [issue('invalidValue', undefined, 'paxes')] };
  const paxes = form.paxes.map((p) =>
    p.id > 0 && p.id !== ANIMAL_ID && buyer.pax ? { ...p, lastname: buyer.pax.lastname, firstname: buyer.pax.firstname, gender: buyer.pax.gender } : p,
  );
  const flightDate = outbound.serviceDate;
  issues.push(
    ...step3Issues(
      { paxes: paxes.map((p) => ({ ...p, document_type: p.document_type ?? 0 })), contacts: form.contacts, conditions: form.conditions, unattendedMinor: form.unattendedMinor },
      { departureDate: flightDate },
    ),
    ...invoiceIssues(body.invoice ?? null),
  );
  // The counts of step 1 must be the passengers of step 3.
  const people = paxes.filter((p) => p.category !== 'an');
  const real = {
    men: people.filter((p) => p.category === 'a' && p.gender === 'M').length,
    women: people.filter((p) => p.category === 'a' && p.gender === 'F').length,
    children: people.filter((p) => p.category === 'c').length,
    infants: people.filter((p) => p.category === 'i').length,
  };
  if (real.men !== counts.men || real.women !== counts.women || real.infants !== counts.infants || (real.children !== counts.children && real.children + pets !== counts.children)) {
    issues.push(issue('paxCountMismatch', undefined, 'paxes'));
  }
  // Discounts and exemptions are the booking office's (Prenotazioni, PrenotaFull) only.
  if (!staff && paxes.some((p) => (p.dsc ?? 0) > 0 || p.exemption)) issues.push(issue('forbidden', undefined, 'paxes'));
  let coupon: BookingPlan['coupon'] = null;
  const couponCode = form.coupon?.code?.trim();
  if (couponCode) {
    const perc = await couponPercent(db, couponCode, romeToday(now));
    if (perc === null) issues.push(issue('couponInvalid', undefined, 'coupon'));
    else coupon = { code: normaliseCouponCode(couponCode), perc };
  }
  if (issues.length) return { ok: false, issues };

  const passengers: PlannedPassenger[] = paxes.map((p, i) => ({
    position: i + 1,
    paxId: p.id > 0 ? p.id : null,
    category: p.category,
    tktCategory: TKT_CATEGORY[p.category],
    gender: p.gender ?? null,
    lastname: p.lastname?.trim() || (p.category === 'an' ? 'Animale' : ''),
    firstname: p.firstname?.trim() || (p.category === 'an' ? 'Pet' : ''),
    birthDate: p.category === 'an' ? flightDate : validBirthDate(p, flightDate)!,
    residence: p.residence ?? null,
    documentType: p.document_type ?? 0,
    documentNum: p.document_num ?? null,
    email: p.email || null,
    telephone: p.telephone || null,
    exemption: !!p.exemption,
    dsc: staff ? (p.dsc ?? 0) : 0,
  }));
  // The domain's computeTotals: the wizard shows the very same numbers.
  const journeys = [outbound, ...(comeback ? [comeback] : [])].map((j, k) => ({
    direction: k === 0 ? ('d' as const) : ('c' as const),
    originId: j.originId,
    destinationId: j.destinationId,
    date: j.serviceDate,
  }));
  const priced = computeTotals({
    paxes: passengers.map((p) => ({ category: p.category, birthDate: p.category === 'an' ? null : toWireDate(p.birthDate), residence: p.residence, exemption: p.exemption, dsc: p.dsc })),
    journeys,
    couponPerc: coupon?.perc ?? 0,
    staffDiscounts: staff,
  });
  const totals = priced.totals;
  const prices: PlannedPrice[] = priced.paxes.flatMap((pp, i) =>
    pp.legs.map((l) => ({ position: i + 1, direction: l.direction, fare: l.fare, ticket: l.ticket, ticket_nodsc: l.ticket_nodsc, tax: l.tax, landingTax: l.landingTax, total: l.total, total_nodsc: l.total_nodsc })),
  );
  if (!clientTotalsMatch(form.totals ?? {}, totals)) return { ok: false, issues: [issue('totalsChanged', undefined, 'totals')] };

  return {
    ok: true,
    plan: {
      type: body.type,
      lang,
      channel: body.bookingChannel,
      flightType: form.flightType,
      originId: form.originId,
      destinationId: form.destinationId,
      outbound,
      comeback,
      counts,
      seats: seatsNeeded({ ...real, children: real.children + pets }),
      contacts: { email: form.contacts.email!.trim(), telephone: form.contacts.telephone!.trim() },
      coupon,
      passengers,
      prices,
      totals: { ...totals, amount: totals.grandTotalDiscounted },
      invoice: body.invoice?.requested ? body.invoice : null,
      forms: form.email_forms_pdf ?? null,
    },
  };
}

/** Every total the client sent must equal ours to the cent (a tampered price is refused). */
function clientTotalsMatch(client: Partial<Record<keyof Totals, number>>, ours: Totals): boolean {
  const sent: Partial<Totals> = {};
  for (const k of TOTALS_KEYS) {
    const v = client[k];
    if (v === undefined) continue;
    const cents = amountToCents(v);
    if (cents === null) return false;
    sent[k] = cents;
  }
  return totalsMismatch(sent, ours).length === 0;
}
