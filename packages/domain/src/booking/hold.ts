/**
 * Payment deadline (spec wizard §9): a card booking holds its seats this long, then it is
 * cancelled automatically; the buyer may extend it once by as much.
 */
export const HOLD_MINUTES = 10;
export const HOLD_MS = HOLD_MINUTES * 60_000;

/**
 * Seats one buyer (an account, and its client address) may hold unpaid at once, unless the
 * server's HOLD_SEATS_PER_BUYER says otherwise; the roles of exemptFromHoldLimit (roles.ts) are
 * exempt. At least the largest cabin of the
 * fleet (AW139): one full flight is the most a family or group books at once.
 */
export const HOLD_SEATS_PER_BUYER = 15;
