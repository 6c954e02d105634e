import { addDays } from '../schedule/calendar.ts';

/**
 * Weather cancellations (issue 13 part B, decision 026): what a passenger may choose, how long
 * a voucher lasts, when the unanswered are reminded. Server and web read the same numbers.
 */
export const CANCELLATION_CHOICES = ['move', 'refund', 'voucher'] as const;
export type CancellationChoice = (typeof CANCELLATION_CHOICES)[number];

/** The reason staff give: required, at most this long. */
export const CANCELLATION_REASON_MAX = 500;
/** The unanswered get one reminder this long after the first e-mail. */
export const CANCELLATION_REMINDER_HOURS = 24;
/** Flights offered for a move: from today (Rome) this many days ahead. */
export const CANCELLATION_MOVE_DAYS = 14;
/** A voucher is valid for this many months from its issue (Rome date). */
export const VOUCHER_VALID_MONTHS = 12;

/** The last Rome date a voucher issued on `issuedOn` (YYYY-MM-DD) can be used: the day before the same date VOUCHER_VALID_MONTHS later. */
export function voucherValidTo(issuedOn: string): string {
  const [y, m, d] = issuedOn.split('-').map(Number) as [number, number, number];
  const months = m - 1 + VOUCHER_VALID_MONTHS;
  const year = y + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const same = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  return addDays(same, -1);
}
