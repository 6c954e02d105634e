import { PLACE_IDS } from '../places.ts';
import { can } from '../roles.ts';

/**
 * Purchase cut-off (spec accounts §9, wizard §9): tickets are sold up to 6 hours before take-off
 * between Foggia and the Tremiti (either way), up to 12 hours before on every other route.
 * At exactly the limit the sale is still open ("up to … before").
 */
export const CUTOFF_HOURS_FOGGIA_TREMITI = 6;
export const CUTOFF_HOURS_OTHER = 12;

const FOGGIA: readonly number[] = [PLACE_IDS.foggiaDeparture, PLACE_IDS.foggiaArrival];
const isFoggia = (id: number) => FOGGIA.includes(id);

export function cutoffHours(originId: number, destinationId: number): number {
  const ft = (isFoggia(originId) && destinationId === PLACE_IDS.tremiti) || (originId === PLACE_IDS.tremiti && isFoggia(destinationId));
  return ft ? CUTOFF_HOURS_FOGGIA_TREMITI : CUTOFF_HOURS_OTHER;
}

/** The last instant at which the journey can be bought. */
export function saleClosesAt(originId: number, destinationId: number, takeOff: Date): Date {
  return new Date(takeOff.getTime() - cutoffHours(originId, destinationId) * 3_600_000);
}

export function isOnSale(originId: number, destinationId: number, takeOff: Date, now: Date): boolean {
  return now.getTime() <= saleClosesAt(originId, destinationId, takeOff).getTime();
}

/** Extra flights (LID9xx, added per date by staff) are bookable by staff roles only. */
export function canBookFlight(flight: { extra: boolean }, roles: readonly string[]): boolean {
  return !flight.extra || can(roles, 'booking.extraFlights');
}
