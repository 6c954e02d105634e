/**
 * The departure board's state (spec §4): it ticks every second from the server's
 * secondsToNextFlight; once the time has passed the digits are cleared, and more than
 * DELAY_AFTER_S seconds overdue it flips to DELAYED.
 */
const DELAY_AFTER_S = 10;

export type BoardState = { kind: 'countdown'; remaining: number; hh: string; mm: string; ss: string } | { kind: 'cleared' } | { kind: 'delayed' };

const two = (n: number) => String(n).padStart(2, '0');

/** `secondsAtLoad` as the server sent it, `elapsedMs` since the answer arrived. */
export function boardState(secondsAtLoad: number, elapsedMs: number): BoardState {
  const remaining = secondsAtLoad - Math.floor(elapsedMs / 1000);
  if (remaining < -DELAY_AFTER_S) return { kind: 'delayed' };
  if (remaining < 0) return { kind: 'cleared' };
  const hours = Math.floor(remaining / 3600);
  return { kind: 'countdown', remaining, hh: two(hours), mm: two(Math.floor((remaining % 3600) / 60)), ss: two(remaining % 60) };
}
