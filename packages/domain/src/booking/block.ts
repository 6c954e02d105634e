import { saleClosesAt } from './cutoff.ts';

/**
 * How long staff-blocked seats (type 4) stay blocked (docs/decisions/010): BLOCK_HOURS from the
 * moment of blocking, but never past the purchase cut-off of any journey of the booking, after
 * which nobody could sell them anyway. The hold sweeper frees them when the time has passed.
 */
export const BLOCK_HOURS = 48;

interface BlockedJourney {
  originId: number;
  destinationId: number;
  /** ISO instant of the journey's first take-off. */
  departsAt: string;
}

export function blockExpiresAt(now: Date, journeys: readonly BlockedJourney[]): Date {
  const limits = journeys.map((j) => saleClosesAt(j.originId, j.destinationId, new Date(j.departsAt)).getTime());
  return new Date(Math.min(now.getTime() + BLOCK_HOURS * 3_600_000, ...limits));
}
