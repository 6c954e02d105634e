import { seasonOn } from '../seasons.ts';
import { percentOf, type Cents } from './money.ts';
import { additionalFee, FARES, LANDING_FEE, LANDING_FEE_CHILD_OVER_AGE, LANDING_FEE_FROM, LANDING_FEE_PLACE_ID, type FareCategory, type FareTab } from './table.ts';

/**
 * Price of one passenger on one journey (one way), all in cents.
 *
 * Decisions where the spec is terse (documented in the report):
 * - Season = season of the journey's flight date (seasons.ts), per leg: a return in another
 *   season is priced in that season.
 * - The reserved (res) fare applies to passengers resident in the Tremiti Islands (the wizard's
 *   `residence` field, see isTremitiResidence), whatever the season.
 * - Additional fees (`tax`) depend on the departure heliport (Foggia 1348 = main) and are due in
 *   every tab, res included; infants and pets pay none.
 * - The landing fee (`landingTax`) is the Tremiti landing contribution: due only when the
 *   journey arrives at Tremiti (1511), on flights from 01/06/2016, in low and high fares only
 *   (not res), by adults and by children older than 10 full years on the flight date ("child
 *   fee applies over ten"); never by infants or pets; not when staff set the exemption. When
 *   the child's age is not known yet (flight search, before birth dates) it is charged, so the
 *   search shows the highest price and step 3 can only lower it.
 * - A discount percent (staff dsc or coupon) reduces the ticket only, never fees.
 */
interface PriceInput {
  category: FareCategory;
  originId: number;
  destinationId: number;
  /** Flight date, Rome calendar date YYYY-MM-DD. */
  date: string;
  /** Resident in the Tremiti Islands: res fare. */
  reserved?: boolean;
  /** Full years on the flight date, when known (children: landing fee over 10). */
  age?: number;
  /** Staff exemption from the landing contribution. */
  landingExempt?: boolean;
  /** 0–100. */
  discountPercent?: number;
}

export interface PriceBreakdown {
  fareTab: FareTab;
  /** Base fare from the table. */
  fare: Cents;
  ticket: Cents;
  ticket_nodsc: Cents;
  tax: Cents;
  landingTax: Cents;
  total: Cents;
  total_nodsc: Cents;
}

export function fareTabFor(date: string, reserved = false): FareTab {
  return reserved ? 'res' : seasonOn(date);
}

export function landingFeeApplies(input: Omit<PriceInput, 'originId' | 'discountPercent'>): boolean {
  if (input.destinationId !== LANDING_FEE_PLACE_ID || input.date < LANDING_FEE_FROM) return false;
  if (input.reserved || input.landingExempt) return false;
  if (input.category === 'adult') return true;
  if (input.category === 'child') return input.age === undefined || input.age > LANDING_FEE_CHILD_OVER_AGE;
  return false;
}

export function checkDiscountPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(`discount percent out of range: ${percent}`);
  return percent;
}

/** Ticket after a percentage discount (spec: "The discount is a percentage on tickets only"). */
export function discounted(ticket: Cents, percent: number): Cents {
  return ticket - percentOf(ticket, checkDiscountPercent(percent));
}

export function priceFor(input: PriceInput): PriceBreakdown {
  const fareTab = fareTabFor(input.date, input.reserved);
  const fare = FARES[fareTab][input.category];
  const ticket = discounted(fare, input.discountPercent ?? 0);
  const tax = additionalFee(input.category, input.originId);
  const landingTax = landingFeeApplies(input) ? LANDING_FEE : 0;
  return {
    fareTab,
    fare,
    ticket,
    ticket_nodsc: fare,
    tax,
    landingTax,
    total: ticket + tax + landingTax,
    total_nodsc: fare + tax + landingTax,
  };
}

/**
 * The wizard's residence is free text (the account's city by default). "Isole Tremiti",
 * "Tremiti Islands", "ISOLE TREMITI (FG)", "San Domino" (the inhabited island) → true. It is
 * the buyer's declaration; the document shown at check-in is what proves it.
 */
export function isTremitiResidence(residence: string | null | undefined): boolean {
  return !!residence && /\b(tremiti|san domino)\b/i.test(residence);
}
