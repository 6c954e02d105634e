import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** The operator's clock: schedules, seasons and cut-offs are all Rome local time. */
export const OPERATOR_TZ = 'Europe/Rome';
export const WIRE_DATE_FORMAT = 'DD/MM/YYYY';

/** Strictly parse DD/MM/YYYY into an ISO calendar date (YYYY-MM-DD), or null. */
export function parseWireDate(value: string): string | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return null;
  const d = dayjs(value, WIRE_DATE_FORMAT, true);
  return d.isValid() ? d.format('YYYY-MM-DD') : null;
}

/** ISO calendar date (YYYY-MM-DD) to DD/MM/YYYY. */
export function toWireDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** Full years between a birth date and a reference date (both YYYY-MM-DD). */
export function ageOn(birthIsoDate: string, onIsoDate: string): number {
  return dayjs(onIsoDate).diff(dayjs(birthIsoDate), 'year');
}

/** Today's calendar date in Rome (YYYY-MM-DD). */
export function romeToday(now: Date = new Date()): string {
  return dayjs(now).tz(OPERATOR_TZ).format('YYYY-MM-DD');
}

/** A Rome wall-clock time on a calendar date, as a UTC instant. */
export function romeDateTimeToUtc(isoDate: string, hhmm: string): Date {
  return dayjs.tz(`${isoDate} ${hhmm}`, 'YYYY-MM-DD HH:mm', OPERATOR_TZ).toDate();
}

export { dayjs };
