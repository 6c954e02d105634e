import { ageOn, parseWireDate } from '../dates.ts';
import { FARE_CATEGORY, type PaxCategory } from '../booking/categories.ts';
import type { Cents } from '../fares/money.ts';
import { priceFor, type PriceBreakdown } from '../fares/pricing.ts';
import { FARES } from '../fares/table.ts';

/**
 * Price of a moved ticket and what the customer pays for the move (spec my-tickets §2 final
 * step: "the difference, administrative costs and total to pay").
 *
 * - The new ticket is priced like the wizard prices it (priceFor: season of the new flight's
 *   date, category, age on the new date for the child landing fee, departure heliport fees,
 *   Tremiti landing fee), keeping what the passenger had: the resident (res) fare, the staff
 *   landing-fee exemption and the discount percentage of the old ticket.
 * - The difference of one ticket is new total − paid total, never below zero: moving to a
 *   cheaper flight costs nothing and refunds nothing (the new ticket carries its own, lower
 *   price; a later cancellation refunds from that). Cancelling is the way to get money back.
 * - The administrative fee (spec default 3 €) is charged once per change that moves at least
 *   one ticket; staff (Admin, Prenotazioni, PrenotaFull) may waive it with adminFeeCheck.
 */
export const ADMIN_FEE_CENTS: Cents = 300;

/** The stored ticket being moved, as the pricing needs it. */
export interface MovedTicket {
  category: PaxCategory;
  /** DD/MM/YYYY as printed on the ticket. */
  birthDate: string;
  fareCents: Cents;
  ticketCents: Cents;
  taxCents: Cents;
  landingFeeCents: Cents;
  /** The old journey (to recognise a res fare and an exemption). */
  originId: number;
  destinationId: number;
  /** YYYY-MM-DD of the old flight. */
  date: string;
}

interface NewJourney {
  originId: number;
  destinationId: number;
  /** YYYY-MM-DD, Rome date of the new flight. */
  date: string;
}

export interface TicketDifference {
  price: PriceBreakdown;
  /** new − paid per part (may be negative part by part). */
  ticketCents: Cents;
  taxCents: Cents;
  landingFeeCents: Cents;
  /** max(0, new total − paid total): what this ticket adds to the amount to pay. */
  payCents: Cents;
}

/** The old ticket's discount percent, from its fare and ticket amount (0 when none). */
export function discountPercentOf(t: Pick<MovedTicket, 'fareCents' | 'ticketCents'>): number {
  if (t.fareCents <= 0 || t.ticketCents >= t.fareCents) return 0;
  return Math.min(100, Math.max(0, Math.round((1 - t.ticketCents / t.fareCents) * 100)));
}

/**
 * What the old ticket tells about the passenger. A res fare shows in high season (its fare is
 * the low one); a landing fee the rules would charge but the ticket does not carry means an
 * exemption (or a res fare in low season, which prices the same on that leg).
 */
function passengerTraits(old: MovedTicket) {
  const category = FARE_CATEGORY[old.category];
  const birth = parseWireDate(old.birthDate);
  const ageAt = (date: string) => (birth && birth <= date ? { age: ageOn(birth, date) } : {});
  const asSeason = priceFor({ category, originId: old.originId, destinationId: old.destinationId, date: old.date, ...ageAt(old.date) });
  const reserved = old.category !== 'an' && asSeason.fareTab === 'high' && old.fareCents === FARES.res[category];
  const landingExempt = !reserved && asSeason.landingTax > 0 && old.landingFeeCents === 0;
  return { category, ageAt, reserved, landingExempt };
}

export function priceMove(old: MovedTicket, to: NewJourney): TicketDifference {
  const traits = passengerTraits(old);
  const price = priceFor({
    category: traits.category,
    originId: to.originId,
    destinationId: to.destinationId,
    date: to.date,
    reserved: traits.reserved,
    landingExempt: traits.landingExempt,
    discountPercent: discountPercentOf(old),
    ...traits.ageAt(to.date),
  });
  const paid = old.ticketCents + old.taxCents + old.landingFeeCents;
  return {
    price,
    ticketCents: price.ticket - old.ticketCents,
    taxCents: price.tax - old.taxCents,
    landingFeeCents: price.landingTax - old.landingFeeCents,
    payCents: Math.max(0, price.total - paid),
  };
}

/**
 * A move the operator owes the passenger (the flight was cancelled, issue 13): the new ticket
 * keeps exactly the amounts paid for the old one, and there is nothing to pay.
 */
export function moveAtNoCost(old: MovedTicket, to: NewJourney): TicketDifference {
  const priced = priceMove(old, to);
  const total = old.ticketCents + old.taxCents + old.landingFeeCents;
  return {
    price: { ...priced.price, fare: old.fareCents, ticket: old.ticketCents, tax: old.taxCents, landingTax: old.landingFeeCents, total },
    ticketCents: 0,
    taxCents: 0,
    landingFeeCents: 0,
    payCents: 0,
  };
}

export interface ChangeCostsCents {
  ticket: Cents;
  tax: Cents;
  landingFee: Cents;
  adminFee: Cents;
  adminFeeCheck: boolean;
  /** What is paid: the differences owed plus the admin fee. */
  total: Cents;
}

/**
 * Sums the tickets that owe something (a cheaper ticket adds nothing to any part) and the
 * admin fee. `waiveAdminFee` is honoured only when the caller may waive it (staff).
 */
export function changeCosts(differences: readonly TicketDifference[], opts: { adminFeeCheck: boolean; mayWaiveAdminFee: boolean }): ChangeCostsCents {
  const owing = differences.filter((d) => d.payCents > 0);
  const sum = (pick: (d: TicketDifference) => number) => owing.reduce((a, d) => a + pick(d), 0);
  const adminFeeCheck = opts.mayWaiveAdminFee ? opts.adminFeeCheck : true;
  const adminFee = differences.length > 0 && adminFeeCheck ? ADMIN_FEE_CENTS : 0;
  const ticket = sum((d) => d.ticketCents);
  const tax = sum((d) => d.taxCents);
  const landingFee = sum((d) => d.landingFeeCents);
  return { ticket, tax, landingFee, adminFee, adminFeeCheck, total: sum((d) => d.payCents) + adminFee };
}
