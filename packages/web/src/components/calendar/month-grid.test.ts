import { describe, expect, it } from 'vitest';
import { addMonths, dayAfterKey, isWeekend, monthWeeks } from './month-grid.ts';

describe('monthWeeks', () => {
  it('lays a month out Monday first, with the days around it left empty', () => {
    // November 2026 starts on a Sunday and ends on a Monday: six rows.
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[1]![0]).toBe('2026-11-02');
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
  });

  it('gives February 2027 (Monday 1st, 28 days) exactly four full weeks', () => {
    const weeks = monthWeeks('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks.flat()).not.toContain(null);
    expect(weeks.flat()).toHaveLength(28);
  });

  it('holds every day of the month once, in order, in every month of 2020–2031', () => {
    for (let year = 2020; year < 2032; year++)
      for (let month = 1; month <= 12; month++) {
        const isoMonth = `${year}-${String(month).padStart(2, '0')}`;
        const days = monthWeeks(isoMonth)
          .flat()
          .filter((d) => d !== null);
        const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(days, isoMonth).toEqual(Array.from({ length }, (_, i) => `${isoMonth}-${String(i + 1).padStart(2, '0')}`));
        for (const week of monthWeeks(isoMonth)) expect(week).toHaveLength(7);
      }
  });
});

describe('dayAfterKey', () => {
  it('moves by a day and a week across months and years', () => {
    expect(dayAfterKey('2026-11-30', 'ArrowRight', false)).toBe('2026-12-01');
    expect(dayAfterKey('2026-01-01', 'ArrowLeft', false)).toBe('2025-12-31');
    expect(dayAfterKey('2026-12-28', 'ArrowDown', false)).toBe('2027-01-04');
    expect(dayAfterKey('2026-03-02', 'ArrowUp', false)).toBe('2026-02-23');
  });

  it('goes to the week’s Monday and Sunday with Home and End', () => {
    expect(dayAfterKey('2026-11-28', 'Home', false)).toBe('2026-11-23');
    expect(dayAfterKey('2026-11-28', 'End', false)).toBe('2026-11-29');
    // Across the month's edge: the week of Tuesday 1 December starts in November.
    expect(dayAfterKey('2026-12-01', 'Home', false)).toBe('2026-11-30');
    expect(dayAfterKey('2026-11-29', 'End', false)).toBe('2026-11-29');
  });

  it('moves by a month with Page Up and Down, by a year with Shift, keeping the day when it can', () => {
    expect(dayAfterKey('2026-11-28', 'PageDown', false)).toBe('2026-12-28');
    expect(dayAfterKey('2026-11-28', 'PageUp', true)).toBe('2025-11-28');
    expect(dayAfterKey('2027-01-31', 'PageDown', false)).toBe('2027-02-28');
    expect(dayAfterKey('2028-02-29', 'PageDown', true)).toBe('2029-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('ignores other keys (Enter and Space press the day’s button)', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a']) expect(dayAfterKey('2026-11-28', key, false)).toBeNull();
  });
});

describe('isWeekend', () => {
  it('is Saturday and Sunday', () => {
    expect(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'].map(isWeekend)).toEqual([false, true, true, false]);
  });
});
