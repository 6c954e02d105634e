import { ageOn, parseWireDate } from '../dates.ts';
import type { Cents } from '../fares/money.ts';
import { isTremitiResidence, priceFor, type PriceBreakdown } from '../fares/pricing.ts';
import { FARE_CATEGORIES, type FareCategory } from '../fares/table.ts';
import { FARE_CATEGORY, type PaxCategory } from './categories.ts';
import { applyCouponPercent, spreadDiscount } from './coupon.ts';

/** One way of the trip: outbound (d) or return (c), priced on its own flight date. */
export interface Journey {
  direction: 'd' | 'c';
  originId: number;
  destinationId: number;
  /** Rome calendar date of the flight, YYYY-MM-DD. */
  date: string;
}

export interface TotalsPax {
  category: PaxCategory;
  /** DD/MM/YYYY; children's landing fee depends on their age. */
  birthDate?: string | null;
  residence?: string | null;
  /** Staff only (Prenotazioni, PrenotaFull): exemption from the landing fee, discount percent. */
  exemption?: boolean | number | null;
  dsc?: number | null;
}

interface TotalsInput {
  paxes: readonly TotalsPax[];
  journeys: readonly Journey[];
  /** Coupon percentage (check-coupon's perc), 0 when none. */
  couponPerc?: number;
  /** May the booker set exemption and dsc (roles ability booking.discounts)? Else they are ignored. */
  staffDiscounts?: boolean;
}

interface LegPrice extends PriceBreakdown {
  direction: 'd' | 'c';
}

/** A passenger's cost line (spec cost table): sums over the legs, in cents. */
export interface PaxPrice extends Omit<PriceBreakdown, 'fareTab'> {
  legs: LegPrice[];
}

/** The booking form's totals (spec §3), in cents. */
export interface Totals {
  tickets: Cents;
  ticketsDiscounted: Cents;
  taxes: Cents;
  landingTaxes: Cents;
  grandTotal: Cents;
  grandTotalDiscounted: Cents;
}
export const TOTALS_KEYS = ['tickets', 'ticketsDiscounted', 'taxes', 'landingTaxes', 'grandTotal', 'grandTotalDiscounted'] as const;

const sumOf = <T>(items: readonly T[], pick: (t: T) => number) => items.reduce((a, t) => a + pick(t), 0);

function legPrice(p: TotalsPax, j: Journey, staff: boolean): LegPrice {
  const birth = p.birthDate ? parseWireDate(p.birthDate.trim()) : null;
  return {
    direction: j.direction,
    ...priceFor({
      category: FARE_CATEGORY[p.category],
      originId: j.originId,
      destinationId: j.destinationId,
      date: j.date,
      reserved: p.category !== 'an' && isTremitiResidence(p.residence),
      ...(birth && birth <= j.date ? { age: ageOn(birth, j.date) } : {}),
      landingExempt: staff && !!p.exemption,
      discountPercent: staff ? (p.dsc ?? 0) : 0,
    }),
  };
}

function paxPrice(legs: LegPrice[]): PaxPrice {
  const s = (pick: (l: LegPrice) => number) => sumOf(legs, pick);
  return {
    fare: s((l) => l.fare),
    ticket: s((l) => l.ticket),
    ticket_nodsc: s((l) => l.ticket_nodsc),
    tax: s((l) => l.tax),
    landingTax: s((l) => l.landingTax),
    total: s((l) => l.total),
    total_nodsc: s((l) => l.total_nodsc),
    legs,
  };
}

/**
 * The server's recomputation of a booking's prices; the wizard shows the same numbers. A coupon
 * takes its percentage off the (staff-discounted) ticket total, spread over the tickets so each
 * leg carries its share and the per-ticket amounts add up to the totals exactly.
 */
export function computeTotals(input: TotalsInput): { paxes: PaxPrice[]; totals: Totals } {
  const staff = !!input.staffDiscounts;
  let legs = input.paxes.map((p) => input.journeys.map((j) => legPrice(p, j, staff)));
  const perc = input.couponPerc ?? 0;
  // A voucher is not a discount: it pays the total (coupon.ts voucherSpend), the prices stay.
  if (perc > 0) {
    const flat = legs.flat();
    const before = sumOf(flat, (l) => l.ticket);
    const tot = sumOf(flat, (l) => l.total);
    const off = before - applyCouponPercent({ tickets: before, tot }, perc).new_tkts_total;
    const shares = spreadDiscount(
      flat.map((l) => l.ticket),
      off,
    );
    let k = 0;
    legs = legs.map((row) =>
      row.map((l) => {
        const share = shares[k++]!;
        return { ...l, ticket: l.ticket - share, total: l.total - share };
      }),
    );
  }
  const paxes = legs.map(paxPrice);
  const tickets = sumOf(paxes, (p) => p.ticket_nodsc);
  const ticketsDiscounted = sumOf(paxes, (p) => p.ticket);
  const taxes = sumOf(paxes, (p) => p.tax);
  const landingTaxes = sumOf(paxes, (p) => p.landingTax);
  return {
    paxes,
    totals: {
      tickets,
      ticketsDiscounted,
      taxes,
      landingTaxes,
      grandTotal: tickets + taxes + landingTaxes,
      grandTotalDiscounted: ticketsDiscounted + taxes + landingTaxes,
    },
  };
}

/** Which totals a client sent differ from the recomputed ones (a tampered price or count). */
export function totalsMismatch(client: Partial<Totals>, server: Totals): (keyof Totals)[] {
  return TOTALS_KEYS.filter((k) => client[k] !== undefined && client[k] !== server[k]);
}

/**
 * Per-category prices of one journey for the flight search answer (spec: fares, taxes,
 * landingTax, prices). Before birth dates are known a child is priced with the landing fee
 * (see pricing.ts); step 3 recomputes with ages.
 */
export function categoryPrices(j: Omit<Journey, 'direction'>): Record<FareCategory, PriceBreakdown> {
  const out = {} as Record<FareCategory, PriceBreakdown>;
  for (const c of FARE_CATEGORIES) out[c] = priceFor({ category: c, originId: j.originId, destinationId: j.destinationId, date: j.date });
  return out;
}
