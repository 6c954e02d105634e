import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, dayjs, OPERATOR_TZ, parseWireDate, romeDateTimeToUtc, romeToday, toWireDate } from './dates.ts';
import { addDays } from './schedule/calendar.ts';

const isoDate = (min = '1900-01-01', max = '2199-12-31') =>
  fc.date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

describe('wire dates DD/MM/YYYY', () => {
  it('parses strictly into ISO', () => {
    expect(parseWireDate('15/06/2026')).toBe('2026-06-15');
    expect(parseWireDate('29/02/2024')).toBe('2024-02-29');
    for (const bad of ['29/02/2023', '31/04/2026', '00/01/2026', '01/13/2026', '1/6/2026', '2026-06-15', '15/06/26', ' 15/06/2026', '']) {
      expect(parseWireDate(bad), bad).toBeNull();
    }
  });

  it('formats ISO as DD/MM/YYYY', () => {
    expect(toWireDate('2026-06-05')).toBe('05/06/2026');
  });

  it('round-trips: parse(format(d)) = d and format(parse(s)) = s', () => {
    fc.assert(
      fc.property(isoDate(), (iso) => {
        const wire = toWireDate(iso);
        expect(wire).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(parseWireDate(wire)).toBe(iso);
        expect(toWireDate(parseWireDate(wire)!)).toBe(wire);
      }),
    );
  });

  it('never accepts a day that is not in the calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2199 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const wire = `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
        const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
        expect(parseWireDate(wire) !== null).toBe(real);
      }),
    );
  });
});

describe('ageOn', () => {
  it('counts full years, turning a year older on the birthday', () => {
    expect(ageOn('2000-06-15', '2018-06-14')).toBe(17);
    expect(ageOn('2000-06-15', '2018-06-15')).toBe(18);
    expect(ageOn('2000-06-15', '2000-06-15')).toBe(0);
  });

  it('for 29 February births, counts 28 February as the birthday in common years', () => {
    expect(ageOn('2004-02-29', '2022-02-27')).toBe(17);
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(18);
    expect(ageOn('2004-02-29', '2024-02-28')).toBe(19);
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20);
  });

  it('is n on the n-th birthday and n-1 the day before (not 29 February)', () => {
    fc.assert(
      fc.property(
        isoDate('1920-01-01', '2030-12-31').filter((d) => !d.endsWith('-02-29')),
        fc.integer({ min: 1, max: 110 }),
        (birth, n) => {
          const birthday = `${Number(birth.slice(0, 4)) + n}${birth.slice(4)}`;
          expect(ageOn(birth, birthday)).toBe(n);
          expect(ageOn(birth, addDays(birthday, -1))).toBe(n - 1);
        },
      ),
    );
  });

  it('never decreases as the reference date moves forward', () => {
    fc.assert(
      fc.property(isoDate('1920-01-01', '2030-12-31'), isoDate('1920-01-01', '2130-12-31'), fc.integer({ min: 0, max: 800 }), (birth, on, step) => {
        expect(ageOn(birth, addDays(on, step))).toBeGreaterThanOrEqual(ageOn(birth, on));
      }),
    );
  });
});

describe('Rome clock', () => {
  it('takes the calendar date in Rome, not in UTC', () => {
    expect(romeToday(new Date('2026-01-10T22:59:00Z'))).toBe('2026-01-10');
    expect(romeToday(new Date('2026-01-10T23:00:00Z'))).toBe('2026-01-11'); // CET, UTC+1
    expect(romeToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(romeToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02'); // CEST, UTC+2
  });

  it('converts Rome wall-clock times to UTC across DST changes', () => {
    expect(romeDateTimeToUtc('2026-03-28', '08:30').toISOString()).toBe('2026-03-28T07:30:00.000Z');
    expect(romeDateTimeToUtc('2026-03-29', '08:30').toISOString()).toBe('2026-03-29T06:30:00.000Z');
    expect(romeDateTimeToUtc('2026-10-24', '08:30').toISOString()).toBe('2026-10-24T06:30:00.000Z');
    expect(romeDateTimeToUtc('2026-10-25', '08:30').toISOString()).toBe('2026-10-25T07:30:00.000Z');
  });

  it('round-trips every wall-clock time that exists in Rome', () => {
    fc.assert(
      fc.property(isoDate('1990-01-01', '2090-12-31'), hhmm, (date, time) => {
        const utc = romeDateTimeToUtc(date, time);
        const back = dayjs(utc).tz(OPERATOR_TZ);
        // 02:00–02:59 does not exist on the spring-forward night; every other time comes back unchanged.
        if (back.format('YYYY-MM-DD') === date && back.format('HH:mm') === time) return;
        expect(time.startsWith('02:')).toBe(true);
        expect(back.format('HH')).toBe('03');
      }),
    );
  });
});
