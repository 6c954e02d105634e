import type { FinalPaymentStatus, GatewayId, PaymentOutcome } from './contract.ts';

/** An outcome whose origin a gateway adapter has verified (signature, MAC or its own status API). */
export interface VerifiedOutcome {
  gateway: GatewayId;
  /** Unique per distinct message of the gateway: a second delivery of the same one is a replay. */
  notificationId: string;
  bodyHash: string;
  /** Our payment id when the gateway echoes it; otherwise found by the gateway's order id. */
  paymentId?: string;
  orderId: string;
  status: FinalPaymentStatus;
  amountCents: number;
  currency: string;
  bankMessage: string | null;
  errorCode: string | null;
  /** The gateway may approve after a refusal we recorded (XPay: retries on the same codTrans). */
  lateApproval?: boolean;
}

export interface NotificationResult {
  outcome: PaymentOutcome;
  /** True when this notification (or an equal outcome) had already been recorded. */
  replay: boolean;
}
