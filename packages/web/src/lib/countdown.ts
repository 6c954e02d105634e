/** The minutes left at which the payment countdown is read out (WCAG 2.2.1: warn before time runs out). */
const ANNOUNCE_AT_MINUTES = [5, 2, 1] as const;

/** Whole seconds left until an instant (never negative). */
export function secondsLeft(deadline: string, now: number): number {
  return Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
}

/** mm:ss of a number of seconds. */
export function clock(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The threshold the countdown is in (5, 2 or 1) when the minutes left, rounded up, equal one of
 * them, else null: 5:00 to 4:01 is 5, 1:00 to 0:01 is 1. The screen announces when this changes
 * to a threshold, so each is read once, not every second.
 */
export function announcementMinute(seconds: number): number | null {
  const minutes = Math.ceil(seconds / 60);
  return (ANNOUNCE_AT_MINUTES as readonly number[]).includes(minutes) ? minutes : null;
}
