/**
 * Payment deadline (spec wizard §9): a card booking holds its seats this long, then it is
 * cancelled automatically; the buyer may extend it once by as much.
 */
export const HOLD_MINUTES = 10;
export const HOLD_MS = HOLD_MINUTES * 60_000;
