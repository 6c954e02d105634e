/**
 * Fare seasons (spec accounts §4 and §9): low from 1 January to 14 June and from
 * 16 September to 31 December; high from 15 June to 15 September, both ends included.
 * The summer timetable (Vieste stop at weekends, Peschici flights) follows the high season.
 *
 * Seasons are a property of a Rome calendar date (YYYY-MM-DD), never of an instant: take the
 * date with `romeToday()` or from a flight's service date first.
 */
export const SEASONS = ['low', 'high'] as const;
export type Season = (typeof SEASONS)[number];

/** First and last day (MM-DD, inclusive) of the high season. */
export const HIGH_SEASON = { from: '06-15', to: '09-15' } as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function seasonOn(isoDate: string): Season {
  const m = ISO_DATE.exec(isoDate);
  if (!m) throw new RangeError(`not an ISO calendar date: ${isoDate}`);
  const monthDay = `${m[2]}-${m[3]}`;
  return monthDay >= HIGH_SEASON.from && monthDay <= HIGH_SEASON.to ? 'high' : 'low';
}
