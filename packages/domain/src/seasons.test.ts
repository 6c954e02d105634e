import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, datesBetween } from './schedule/calendar.ts';
import { HIGH_SEASON, seasonOn } from './seasons.ts';

const isoDate = (min = '1900-01-01', max = '2199-12-31') =>
  fc.date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('seasonOn (spec accounts §4)', () => {
  it.each([
    ['2026-01-01', 'low'],
    ['2026-06-14', 'low'],
    ['2026-06-15', 'high'],
    ['2026-08-15', 'high'],
    ['2026-09-15', 'high'],
    ['2026-09-16', 'low'],
    ['2026-12-31', 'low'],
    ['2028-02-29', 'low'],
  ] as const)('%s is %s season', (date, season) => {
    expect(seasonOn(date)).toBe(season);
  });

  it('rejects what is not an ISO calendar date', () => {
    expect(() => seasonOn('15/06/2026')).toThrow(RangeError);
    expect(() => seasonOn('')).toThrow(RangeError);
  });

  it('partitions every year: each day exactly once, high season is 15 June – 15 September (93 days)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2199 }), (year) => {
        const days = datesBetween(`${year}-01-01`, `${year}-12-31`);
        const high = days.filter((d) => seasonOn(d) === 'high');
        const low = days.filter((d) => seasonOn(d) === 'low');
        expect(high.length + low.length).toBe(days.length);
        expect(new Set([...high, ...low]).size).toBe(days.length);
        expect(high).toEqual(datesBetween(`${year}-${HIGH_SEASON.from}`, `${year}-${HIGH_SEASON.to}`));
        expect(high).toHaveLength(93);
      }),
      { numRuns: 40 },
    );
  });

  it('agrees with an independent date comparison, and changes only at the two boundaries', () => {
    fc.assert(
      fc.property(isoDate(), (date) => {
        const y = date.slice(0, 4);
        const expected = date >= `${y}-06-15` && date <= `${y}-09-15` ? 'high' : 'low';
        expect(seasonOn(date)).toBe(expected);
        const next = addDays(date, 1);
        if (seasonOn(next) !== seasonOn(date)) expect([`${y}-06-14`, `${y}-09-15`]).toContain(date);
      }),
    );
  });
});
