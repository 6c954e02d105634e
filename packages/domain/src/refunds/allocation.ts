/**
 * How a refund is spread over the payments that paid a booking (decision 055): newest payment
 * first, each giving back at most what is left of it (captured minus its refunds so far). Null
 * when everything left cannot cover the amount: the refund is refused, nothing is written.
 */
export interface RefundablePayment {
  /** Captured minus every refund already written against it (any state), in cents. */
  leftCents: number;
}

/** The cents each payment gives back, in the order given (newest first); null when they cannot cover `amountCents`. */
export function allocateRefund(amountCents: number, payments: readonly RefundablePayment[]): number[] | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('amountCents must be a positive integer');
  let rest = amountCents;
  const shares = payments.map((p) => {
    const share = Math.min(rest, Math.max(0, p.leftCents));
    rest -= share;
    return share;
  });
  return rest === 0 ? shares : null;
}
