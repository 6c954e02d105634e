import { toWireDate } from '../dates.ts';
import { discounted, checkDiscountPercent } from '../fares/pricing.ts';
import { type Cents, formatMoney } from '../fares/money.ts';
import type { Localized } from '../i18n/localized.ts';
import { MESSAGES, type MessageKey } from '../i18n/messages.ts';
import { fillMessage } from './issue.ts';
import { BOOKING_TYPE, type BookingType } from './payment-types.ts';

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

/** What a voucher pays of a booking and what is left, in cents. */
export interface VoucherSpend {
  /** Taken off the voucher's balance by this booking. */
  spentCents: Cents;
  /** Still to pay by another means (card, payment link, cash …). */
  dueCents: Cents;
  /** Left on the voucher after this booking. */
  leftCents: Cents;
}

/**
 * A voucher is a means of payment (issue 51): it pays the booking's whole total (fares, taxes,
 * landing fees, after any percentage coupon) up to its balance; the rest stays on it.
 */
export function voucherSpend(totalCents: Cents, balanceCents: Cents): VoucherSpend {
  const total = Math.max(0, totalCents);
  const balance = Math.max(0, balanceCents);
  const spentCents = Math.min(total, balance);
  return { spentCents, dueCents: total - spentCents, leftCents: balance - spentCents };
}

/**
 * Why a booking's payment type does not fit its voucher, or null: a voucher covering everything
 * is the only payment (type voucher, no card); type voucher needs one that covers everything.
 */
export function voucherPaymentIssue(type: BookingType, spend: VoucherSpend | null): MessageKey | null {
  if (type === BOOKING_TYPE.block) return null;
  const covered = !!spend && spend.spentCents > 0 && spend.dueCents === 0;
  if (type === BOOKING_TYPE.voucher) return covered ? null : 'voucherDoesNotCover';
  return covered ? 'voucherCoversAll' : null;
}

/** What is left on a voucher and until when (validTo: YYYY-MM-DD), as its holder reads it. */
export function voucherLeftMessages(leftCents: Cents, validTo: string): Localized {
  const say = (lang: 'it' | 'en') =>
    leftCents > 0 ? fillMessage(MESSAGES.voucherLeft[lang], { left: formatMoney(leftCents, lang), until: toWireDate(validTo) }) : MESSAGES.voucherUsedUp[lang];
  return { it: say('it'), en: say('en') };
}

/**
 * What an applied voucher says, in both languages: exactly what it pays of this booking and
 * what is left on it until when (validTo: YYYY-MM-DD, its last valid day).
 */
export function voucherAppliedMessages(code: string, spend: VoucherSpend, validTo: string): Localized {
  const say = (lang: 'it' | 'en') => {
    const params = { code, amount: formatMoney(spend.spentCents, lang), left: formatMoney(spend.leftCents, lang), until: toWireDate(validTo) };
    return fillMessage(MESSAGES[spend.leftCents > 0 ? 'voucherApplied' : 'voucherAppliedAll'][lang], params);
  };
  return { it: say('it'), en: say('en') };
}
