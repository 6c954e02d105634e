/**
 * failure_reason of a request whose approved payment is given back (seats lost, amount differs,
 * booking removed meanwhile): not the buyer's to retry, so the failed-bookings list leaves them out.
 */
export const MONEY_RETURNED_REASONS = {
  seatsLost: 'seats lost after payment',
  amountMismatch: 'approved amount differs',
  bookingRemoved: 'booking removed before payment',
  /** Issue 13: the flight (or a leg of the journey) was cancelled while the buyer was at the bank. */
  flightCancelled: 'flight cancelled before payment',
  /** Issue 51: its voucher part, given back when the hold expired, was spent by another booking before the bank approved. */
  voucherSpent: 'voucher spent before payment',
} as const;
