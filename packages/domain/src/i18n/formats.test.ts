import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatFullDate, formatLongDate, formatMonthYear, weekdayNamesFromMonday } from './formats.ts';

const LOCALE = { it: 'it-IT', en: 'en-GB' } as const;
const LANGS = ['it', 'en'] as const;

describe('dates written as Intl writes them', () => {
  it('every day from 2020 to 2031, long and full, in both languages', () => {
    for (const lang of LANGS) {
      const long = new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      const full = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'full', timeZone: 'UTC' });
      for (let at = Date.UTC(2020, 0, 1); at < Date.UTC(2032, 0, 1); at += 86_400_000) {
        const iso = new Date(at).toISOString().slice(0, 10);
        expect(formatLongDate(iso, lang), iso).toBe(long.format(at));
        expect(formatFullDate(iso, lang), iso).toBe(full.format(at));
      }
    }
  });

  it('every month from 2020 to 2031 with its year, and the weekdays from Monday', () => {
    for (const lang of LANGS) {
      const monthYear = new Intl.DateTimeFormat(LOCALE[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' });
      for (let year = 2020; year < 2032; year++)
        for (let month = 0; month < 12; month++) {
          const isoMonth = `${year}-${String(month + 1).padStart(2, '0')}`;
          expect(formatMonthYear(isoMonth, lang), isoMonth).toBe(monthYear.format(Date.UTC(year, month, 1)));
        }
      const weekday = new Intl.DateTimeFormat(LOCALE[lang], { weekday: 'long', timeZone: 'UTC' });
      // 2026-11-30 is a Monday.
      expect(weekdayNamesFromMonday(lang)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => weekday.format(Date.UTC(2026, 10, 30 + n))));
    }
  });

  it('names the days of the spec’s examples', () => {
    expect(formatLongDate('2026-03-01', 'it')).toBe('1 marzo 2026');
    expect(formatFullDate('2026-11-28', 'it')).toBe('sabato 28 novembre 2026');
    expect(formatFullDate('2026-11-30', 'en')).toBe('Monday, 30 November 2026');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => formatLongDate('28/11/2026', 'it')).toThrow(RangeError);
  });
});

describe('numbers written as Intl writes them', () => {
  it('figures with up to two decimals, grouped as each language groups them', () => {
    const intl = { it: new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }), en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }) };
    const figures = fc.oneof(
      fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }).map((hundredths) => hundredths / 100),
      fc.constantFrom(0, 2.4, 122, 168, 193, 999, 1000, 9999, 10_000, 12_345.6),
    );
    fc.assert(
      fc.property(figures, fc.constantFrom(...LANGS), (value, lang) => {
        expect(formatDecimal(value, lang)).toBe(intl[lang].format(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses what it cannot write without rounding', () => {
    expect(() => formatDecimal(Number.NaN, 'it')).toThrow(RangeError);
    expect(() => formatDecimal(1e-9, 'en')).toThrow(RangeError);
  });
});
