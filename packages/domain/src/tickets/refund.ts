import { can } from '../roles.ts';
import { percentOf, type Cents } from '../fares/money.ts';

/**
 * Refund of a cancelled ticket (spec my-tickets §5): the ticket amount minus the retention
 * percentage, plus the tax and the landing fee when their flags are set, minus the retention
 * fee. `percent` is what is refunded of the ticket (spec default 100 = nothing retained).
 */
export interface RefundSettings {
  /** 0–100: the part of the ticket amount refunded (refunded_perc). */
  percent: number;
  /** Retention fee in cents (refunded_fee), taken off the refund. */
  feeCents: Cents;
  /** Refund the additional fees (refunded_tax)? */
  tax: boolean;
  /** Refund the landing fee (refunded_landingFee)? */
  landingFee: boolean;
}

/** Spec §9: refund defaults 100 percent and fee 0; tax and landing-fee refund flags true. */
export const DEFAULT_REFUND_SETTINGS: Readonly<RefundSettings> = { percent: 100, feeCents: 0, tax: true, landingFee: true };

/** What was paid for one ticket, in cents. */
interface PaidTicket {
  ticketCents: Cents;
  taxCents: Cents;
  landingFeeCents: Cents;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Never negative and never more than was paid, whatever the settings (a fee larger than the refund gives 0). */
export function refundCents(paid: PaidTicket, s: RefundSettings): Cents {
  const percent = Number.isFinite(s.percent) ? clamp(s.percent, 0, 100) : 0;
  const fee = Number.isFinite(s.feeCents) ? Math.max(0, Math.round(s.feeCents)) : 0;
  const ticket = Math.max(0, paid.ticketCents);
  const retained = percentOf(ticket, 100 - percent);
  const gross = ticket - retained + (s.tax ? Math.max(0, paid.taxCents) : 0) + (s.landingFee ? Math.max(0, paid.landingFeeCents) : 0);
  return clamp(gross - fee, 0, paidTotal(paid));
}

export const paidTotal = (p: PaidTicket): Cents => Math.max(0, p.ticketCents) + Math.max(0, p.taxCents) + Math.max(0, p.landingFeeCents);

/**
 * The operator's refund policy for customers (ours; the spec leaves it to staff), by the time
 * left before the journey's take-off when the cancellation is made:
 * - 7 days or more: the whole ticket;
 * - 72 hours to 7 days: half the ticket;
 * - less than 72 hours (up to the cut-off, after which nothing can be changed): no ticket amount.
 * Additional fees and the Tremiti landing fee are due only by those who fly, so they are always
 * refunded; there is no retention fee.
 */
const REFUND_POLICY_STEPS: readonly { minHoursBefore: number; percent: number }[] = [
  { minHoursBefore: 7 * 24, percent: 100 },
  { minHoursBefore: 72, percent: 50 },
  { minHoursBefore: 0, percent: 0 },
];

export function policyRefundSettings(takeOff: Date, now: Date): RefundSettings {
  const hours = (takeOff.getTime() - now.getTime()) / 3_600_000;
  const step = REFUND_POLICY_STEPS.find((s) => hours >= s.minHoursBefore);
  return { percent: step?.percent ?? 0, feeCents: 0, tax: true, landingFee: true };
}

/** Admin, Prenotazioni and PrenotaFull set refund settings per ticket; everybody else gets the policy's. */
function canSetRefundSettings(roles: readonly string[]): boolean {
  return can(roles, 'booking.staffPaymentArea');
}

/** The settings that apply: staff's as sent (defaults where missing), a customer's from the policy whatever they sent. */
export function effectiveRefundSettings(roles: readonly string[], requested: Partial<RefundSettings> | undefined, takeOff: Date, now: Date): RefundSettings {
  if (!canSetRefundSettings(roles)) return policyRefundSettings(takeOff, now);
  return { ...DEFAULT_REFUND_SETTINGS, ...requested };
}
