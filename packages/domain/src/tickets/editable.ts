import { saleClosesAt } from '../booking/cutoff.ts';
import { romeDateTimeText } from '../dates.ts';

/**
 * A ticket can be changed (passenger data, flights, cancellation) until the purchase cut-off
 * before its journey's first take-off (spec my-tickets §2, §4, §9): 6 hours between Foggia and
 * the Tremiti (either way), 12 hours on every other route — the same instant at which the
 * journey stops being sold (booking/cutoff.ts). At exactly the limit it is still editable.
 */

export interface EditableJourney {
  /** The journey's end points (place ids). */
  originId: number;
  destinationId: number;
  /** The journey's first take-off (ISO instant or Date). */
  departsAt: string | Date;
}

/** The last instant at which the ticket may be changed. */
export function editableUntil(journey: EditableJourney): Date {
  return saleClosesAt(journey.originId, journey.destinationId, new Date(journey.departsAt));
}

/** editable_until on the wire: 'YYYY-MM-DD hh:mm:ss', Rome time. */
export function formatEditableUntil(until: Date): string {
  return romeDateTimeText(until);
}

export function isEditableAt(journey: EditableJourney, now: Date): boolean {
  return now.getTime() <= editableUntil(journey).getTime();
}
