import { voucherOff } from '../cancellations/rules.ts';
import { discounted, checkDiscountPercent } from '../fares/pricing.ts';
import { type Cents, centsToWire } from '../fares/money.ts';
import type { Localized } from '../i18n/localized.ts';
import { localizedWith } from './issues.ts';

/**
 * Coupons (spec wizard §4, §7, §9): a percentage on the tickets only (never on taxes or the
 * landing fee); at most 3 failed attempts, after which the input disappears.
 */
export const COUPON_MAX_ATTEMPTS = 3;

export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export function couponAttemptsLeft(failedAttempts: number): number {
  return Math.max(0, COUPON_MAX_ATTEMPTS - failedAttempts);
}

interface CouponTotalsInput {
  /** Tickets after any staff discount, in cents. */
  tickets: Cents;
  /** Grand total before the coupon (tickets + taxes + landing fees), in cents. */
  tot: Cents;
}

/** new_tkts_total and new_grand_total of the check-coupon answer, in cents. */
export function applyCouponPercent(input: CouponTotalsInput, perc: number): { new_tkts_total: Cents; new_grand_total: Cents } {
  const fees = input.tot - input.tickets;
  if (input.tickets < 0 || fees < 0) throw new RangeError('tickets must be between 0 and the grand total');
  const new_tkts_total = discounted(input.tickets, checkDiscountPercent(perc));
  return { new_tkts_total, new_grand_total: new_tkts_total + fees };
}

/**
 * Spread a discount of `amount` cents over ticket amounts in proportion to each (largest
 * remainder), so every ticket carries its share and the shares add up to exactly `amount`.
 */
export function spreadDiscount(tickets: readonly Cents[], amount: Cents): Cents[] {
  const total = tickets.reduce((a, b) => a + b, 0);
  if (total === 0 || amount === 0) return tickets.map(() => 0);
  const exact = tickets.map((t) => (t * amount) / total);
  const shares = exact.map(Math.floor);
  let rest = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    shares[i]! += 1;
    rest -= 1;
  }
  return shares;
}

/**
 * What an applied voucher says, in both languages: the amount that really comes off the tickets
 * (a voucher worth more than the fares leaves the taxes to pay), not the voucher's whole value.
 */
export function voucherAppliedMessages(ticketsCents: Cents, amountCents: Cents): Localized {
  return localizedWith('voucherApplied', { amount: centsToWire(voucherOff(ticketsCents, amountCents)) });
}
