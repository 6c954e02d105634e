import { parseWireDate, romeDateTimeToUtc } from '@heliline/domain/dates';
import { amountToCents, centsToAmount } from '@heliline/domain/fares/money';
import { policyRefundSettings, type RefundSettings, refundCents } from '@heliline/domain/tickets/refund';
import type { EditTicket } from './edit-state.ts';
import { isRefundNumber } from './stepper.ts';

type RefundTicket = Pick<
  EditTicket,
  'ticket' | 'tax' | 'landingFee' | 'refundPercText' | 'refundFeeText' | 'refunded_tax' | 'refunded_landingFee' | 'takeOffDate' | 'takeOffTime'
>;

/** The settings typed by staff; null while a number is not valid. */
function typedSettings(t: RefundTicket): RefundSettings | null {
  if (!isRefundNumber(t.refundPercText) || !isRefundNumber(t.refundFeeText)) return null;
  return { percent: Number(t.refundPercText), feeCents: amountToCents(t.refundFeeText) ?? 0, tax: t.refunded_tax, landingFee: t.refunded_landingFee };
}

/** A customer's settings: the operator's policy by the time left before take-off. */
export function policySettings(t: RefundTicket, now: Date): RefundSettings | null {
  const iso = parseWireDate(t.takeOffDate);
  return iso ? policyRefundSettings(romeDateTimeToUtc(iso, t.takeOffTime), now) : null;
}

/**
 * The refund of a ticket ticked as cancelled, by the domain's formula and policy (tickets/refund.ts,
 * what the server applies): staff's typed settings, or the policy for a customer; null when unknown.
 */
export function refundOf(t: RefundTicket, staffSettings: boolean, now: Date = new Date()): number | null {
  const settings = staffSettings ? typedSettings(t) : policySettings(t, now);
  if (!settings) return null;
  const paid = { ticketCents: amountToCents(t.ticket) ?? 0, taxCents: amountToCents(t.tax) ?? 0, landingFeeCents: amountToCents(t.landingFee) ?? 0 };
  return centsToAmount(refundCents(paid, settings));
}
