import type { FinalPaymentStatus, GatewayId, PaymentOutcome } from './contract.ts';

/** The outcome the booking modules hear, from a payment row that has reached a final state. */
export function outcomeOf(payment: {
  id: string;
  gateway: string;
  reference: string;
  status: string;
  amount_cents: number;
  bank_message: string | null;
  error_code: string | null;
}): PaymentOutcome {
  return {
    paymentId: payment.id,
    gateway: payment.gateway as GatewayId,
    reference: payment.reference,
    status: finalStatusOf(payment.status),
    amountCents: payment.amount_cents,
    bankMessage: payment.bank_message,
    errorCode: payment.error_code,
  };
}

/** A refunded payment was approved first: its notifications say "approved". */
export function finalStatusOf(status: string): FinalPaymentStatus {
  if (status === 'refunded') return 'approved';
  if (status === 'approved' || status === 'declined' || status === 'abandoned') return status;
  throw new Error(`payment not final: ${status}`);
}
