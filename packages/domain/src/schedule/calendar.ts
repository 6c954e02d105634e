/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD). Done in UTC on purpose: a calendar date has
 * no time zone, and UTC days are always 24 hours long, so DST never shifts a date.
 */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7; // Monday = 1 … Sunday = 7

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toUtcDate(isoDate: string): Date {
  if (!ISO_DATE.test(isoDate)) throw new RangeError(`not an ISO calendar date: ${isoDate}`);
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== isoDate) {
    throw new RangeError(`not a calendar date: ${isoDate}`);
  }
  return d;
}

export function isoWeekday(isoDate: string): IsoWeekday {
  const day = toUtcDate(isoDate).getUTCDay(); // Sunday = 0
  return (day === 0 ? 7 : day) as IsoWeekday;
}

export function addDays(isoDate: string, days: number): string {
  const d = toUtcDate(isoDate);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included (empty when to < from). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Minutes since midnight of an 'HH:mm' wall-clock time. */
export function minutesOfDay(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`not an HH:mm time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}
