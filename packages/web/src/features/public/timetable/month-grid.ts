// Calendar arithmetic for the timetable's month grid, on YYYY-MM-DD days. Days are counted in
// UTC, so no time zone or summer-time change can shift one.

const DAY_MS = 86_400_000;

const utcOf = (isoDate: string) => Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
const isoOf = (utc: number) => new Date(utc).toISOString().slice(0, 10);

export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

export const addDays = (isoDate: string, days: number) => isoOf(utcOf(isoDate) + days * DAY_MS);

/** The same day `months` later or earlier, or that month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1 + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoOf(Date.UTC(year, month, Math.min(Number(isoDate.slice(8, 10)), lastDay)));
}

/** Monday 0 … Sunday 6. */
export const weekdayFromMonday = (isoDate: string) => (new Date(utcOf(isoDate)).getUTCDay() + 6) % 7;

export const isWeekend = (isoDate: string) => weekdayFromMonday(isoDate) >= 5;

/** The weeks of a month (YYYY-MM), Monday first; the days of the months around it are null. */
export function monthWeeks(isoMonth: string): (string | null)[][] {
  const first = `${isoMonth}-01`;
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: weekdayFromMonday(first) }, () => null);
  for (let day = first; monthOf(day) === isoMonth; day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/**
 * Where a key moves the focus from a day, as in the WAI-ARIA date picker grid: arrows by a day or
 * a week, Home and End to the week's first and last day, Page Up and Page Down by a month (with
 * Shift by a year). Null for any other key.
 */
export function dayAfterKey(isoDate: string, key: string, shiftKey: boolean): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(isoDate, -1);
    case 'ArrowRight':
      return addDays(isoDate, 1);
    case 'ArrowUp':
      return addDays(isoDate, -7);
    case 'ArrowDown':
      return addDays(isoDate, 7);
    case 'Home':
      return addDays(isoDate, -weekdayFromMonday(isoDate));
    case 'End':
      return addDays(isoDate, 6 - weekdayFromMonday(isoDate));
    case 'PageUp':
      return addMonths(isoDate, shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(isoDate, shiftKey ? 12 : 1);
    default:
      return null;
  }
}
