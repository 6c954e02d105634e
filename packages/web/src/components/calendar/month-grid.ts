// The timetable's month grid on YYYY-MM-DD days, on top of the domain's calendar arithmetic
// (UTC days: no time zone or summer-time change can shift one).
import { addDays, isoWeekday } from '@heliline/domain/schedule/calendar';

export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

/** The same day `months` later or earlier, or that month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + months, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** Monday 0 … Sunday 6. */
const weekdayFromMonday = (isoDate: string) => isoWeekday(isoDate) - 1;

export const isWeekend = (isoDate: string) => isoWeekday(isoDate) >= 6;

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
