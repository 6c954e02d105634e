import { dayjs, OPERATOR_TZ } from '../dates.ts';
import { isOnSale, saleClosesAt } from '../booking/cutoff.ts';

/**
 * A ticket can be moved or cancelled until its journey's purchase cut-off (spec §9: 6 hours
 * before take-off between Foggia and the Tremiti, 12 hours otherwise): after that the seat
 * could not be sold again, so the ticket stands. The target flight must still be on sale by
 * the same rule.
 */
export function changeDeadline(originId: number, destinationId: number, takeOff: Date): Date {
  return saleClosesAt(originId, destinationId, takeOff);
}

export function isChangeable(originId: number, destinationId: number, takeOff: Date, now: Date): boolean {
  return isOnSale(originId, destinationId, takeOff, now);
}

/** The wire's editable_until: 'YYYY-MM-DD HH:mm:ss' in Rome time (spec §9). */
export function formatEditableUntil(deadline: Date): string {
  return dayjs(deadline).tz(OPERATOR_TZ).format('YYYY-MM-DD HH:mm:ss');
}
