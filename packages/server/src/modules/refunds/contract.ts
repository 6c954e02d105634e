/**
 * What the refund worker asks of a gateway that took money: give back part or all of one
 * capture, once, whatever the number of calls carrying the same idempotency key.
 */
export interface RefundRequest {
  /** Nexi: the payment's codTrans; PayPal: the capture id; sandbox bank: its order id. */
  gatewayRef: string;
  amountCents: number;
  /** Our refund row's idempotency key; a second call with it refunds nothing more. */
  idempotencyKey: string;
  /** What the capture was, for gateways that need it (Nexi's storno checks it). */
  capturedCents: number;
}

export type RefundResult =
  /** The gateway took it; `confirmed` when its answer says the money has moved. */
  | { ok: true; gatewayRefundId: string; confirmed: boolean }
  /**
   * Refused or unreachable: `retryable` for timeouts, 5xx and rate limits (the worker backs off);
   * a final refusal (too much, fully refunded, unknown capture) marks the refund failed with the
   * gateway's code and text, for staff to see and retry.
   */
  | { ok: false; retryable: boolean; code: string; reason: string };

export interface RefundGateway {
  refund(request: RefundRequest): Promise<RefundResult>;
}
