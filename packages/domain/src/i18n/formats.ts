// Dates and numbers written the way Intl writes them for it-IT and en-GB (formats.test.ts compares
// them over whole years and number ranges), for the public pages' load. A browser's first Intl
// formatter loads ICU's locale data on the main thread, longer still on a slow phone: on the
// home page it was most of the hydration's one long task (decision 034). Booking and staff screens,
// which format far more, keep Intl.
import type { Lang } from './lang.ts';

const MONTHS: Record<Lang, readonly string[]> = {
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
/** Sunday first, as Date.getUTCDay counts. */
const WEEKDAYS: Record<Lang, readonly string[]> = {
  it: ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayOf(isoDate: string): Date {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A calendar date (YYYY-MM-DD) in words: "28 novembre 2026", "28 November 2026". */
export function formatLongDate(isoDate: string, lang: Lang): string {
  const day = dayOf(isoDate);
  return `${day.getUTCDate()} ${MONTHS[lang][day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** A calendar date with its weekday: "sabato 28 novembre 2026", "Saturday, 28 November 2026". */
export function formatFullDate(isoDate: string, lang: Lang): string {
  const weekday = WEEKDAYS[lang][dayOf(isoDate).getUTCDay()];
  return lang === 'en' ? `${weekday}, ${formatLongDate(isoDate, lang)}` : `${weekday} ${formatLongDate(isoDate, lang)}`;
}

/** A month in words from YYYY-MM: "novembre 2026", "November 2026". */
export function formatMonthYear(isoMonth: string, lang: Lang): string {
  return `${MONTHS[lang][Number(isoMonth.slice(5, 7)) - 1]} ${isoMonth.slice(0, 4)}`;
}

/** The weekdays' names, Monday first. */
export function weekdayNamesFromMonday(lang: Lang): readonly string[] {
  return [...WEEKDAYS[lang].slice(1), WEEKDAYS[lang][0]!];
}

/**
 * Whole units with a separator every three digits from the right, as CLDR writes them: Italian
 * only from five digits on ("1234", "12.345"), British English from four ("1,234").
 */
export function groupDigits(units: string, lang: Lang): string {
  if (units.length < (lang === 'en' ? 4 : 5)) return units;
  return units.replace(/\B(?=(\d{3})+$)/g, lang === 'en' ? ',' : '.');
}

/**
 * A number as it is written in the data (2.4, 122), in the reader's language: "2,4" / "2.4",
 * "12.345" / "12,345". No rounding: for figures with at most a few decimals, not for results
 * of arithmetic.
 */
export function formatDecimal(value: number, lang: Lang): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21 || (value !== 0 && Math.abs(value) < 1e-6)) throw new RangeError(`not a plain number: ${value}`);
  const [units = '', decimals] = String(Math.abs(value)).split('.');
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupDigits(units, lang)}${decimals ? `${lang === 'en' ? '.' : ','}${decimals}` : ''}`;
}
