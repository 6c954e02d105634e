import { amountToCents, centsToAmount, refundCents } from '@heliline/domain';
import type { EditTicket } from './edit-state.ts';
import { isRefundNumber } from './stepper.ts';

/**
 * The refund of a ticket ticked as cancelled, with its settings as typed, by the domain's formula
 * (tickets/refund.ts, the one the server applies); null while a typed number is not valid.
 */
export function refundOf(t: EditTicket): number | null {
  if (!isRefundNumber(t.refundPercText) || !isRefundNumber(t.refundFeeText)) return null;
  const paid = { ticketCents: amountToCents(t.ticket) ?? 0, taxCents: amountToCents(t.tax) ?? 0, landingFeeCents: amountToCents(t.landingFee) ?? 0 };
  const settings = { percent: Number(t.refundPercText), feeCents: amountToCents(t.refundFeeText) ?? 0, tax: t.refunded_tax, landingFee: t.refunded_landingFee };
  return centsToAmount(refundCents(paid, settings));
}
