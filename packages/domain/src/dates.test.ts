import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, OPERATOR_TZ, parseWireDate, romeDateOf, romeDateTimeText, romeDateTimeToUtc, romeToday, toWireDate } from './dates.ts';
import { dayjs } from './dayjs.ts';
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

/** The dayjs implementations these functions replaced (decision 021, second round): the reference. */
const reference = {
  parseWireDate(value: string): string | null {
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return null;
    const d = dayjs(value, 'DD/MM/YYYY', true);
    return d.isValid() ? d.format('YYYY-MM-DD') : null;
  },
  ageOn: (birth: string, on: string) => dayjs(on).diff(dayjs(birth), 'year'),
  romeDateOf: (instant: Date | string) => dayjs(instant).tz(OPERATOR_TZ).format('YYYY-MM-DD'),
  romeDateTimeToUtc: (isoDate: string, hhmm: string) => dayjs.tz(`${isoDate} ${hhmm}`, 'YYYY-MM-DD HH:mm', OPERATOR_TZ).toDate(),
};

describe('the same answers as the dayjs implementation they replaced', () => {
  const wireDay = fc
    .tuple(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 9999 }))
    .map(([d, m, y]) => `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${String(y).padStart(4, '0')}`);

  it('parseWireDate: every DD/MM/YYYY-shaped string and any other string', () => {
    fc.assert(
      fc.property(fc.oneof(wireDay, fc.string({ maxLength: 12 })), (s) => {
        expect(parseWireDate(s)).toBe(reference.parseWireDate(s));
      }),
      { numRuns: 1000 },
    );
  });

  it('parseWireDate: 29 February, impossible days, spaces, wrong separators, short years', () => {
    const cases = [
      '29/02/2024',
      '29/02/2000',
      '29/02/1900',
      '29/02/2026',
      '30/02/2026',
      '31/04/2026',
      '31/06/2026',
      '31/12/2026',
      '01/01/0000',
      '01/01/0099',
      '01/01/0100',
    ];
    const malformed = [' 01/01/2026', '01/01/2026 ', '01-01-2026', '01.01.2026', '1/01/2026', '01/1/2026', '01/01/26', '01/01/20260', '0a/01/2026', '', '2026-01-01'];
    for (const s of [...cases, ...malformed]) expect(parseWireDate(s), s).toBe(reference.parseWireDate(s));
    for (const s of malformed) expect(parseWireDate(s), s).toBeNull();
    expect(parseWireDate('29/02/1900')).toBeNull();
    expect(parseWireDate('29/02/2000')).toBe('2000-02-29');
  });

  it('ageOn: any two ISO dates, either order, month ends and 29 February included', () => {
    const monthEnd = fc.tuple(fc.integer({ min: 1890, max: 2110 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 26, max: 31 })).map(([y, m, d]) => {
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
    });
    const day = fc.oneof(isoDate('1890-01-01', '2110-12-31'), monthEnd);
    fc.assert(
      fc.property(day, day, (birth, on) => {
        expect(ageOn(birth, on)).toBe(reference.ageOn(birth, on));
      }),
      { numRuns: 2000 },
    );
  });

  it('ageOn: impossible days roll over as they did; a string that is not a date gives NaN', () => {
    for (const [birth, on] of [
      ['2000-02-30', '2018-03-01'],
      ['2000-02-29', '2018-02-28'],
      ['2000-04-31', '2018-04-30'],
      ['0050-01-01', '1970-06-01'],
    ] as const) {
      expect(ageOn(birth, on), `${birth} ${on}`).toBe(reference.ageOn(birth, on));
    }
    expect(ageOn('not a date', '2026-01-01')).toBeNaN();
  });

  it('romeDateOf and romeToday: any instant, DST change nights included', () => {
    const instant = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, (at) => {
        expect(romeDateOf(at)).toBe(reference.romeDateOf(at));
        expect(romeDateOf(at.toISOString())).toBe(reference.romeDateOf(at.toISOString()));
        expect(romeToday(at)).toBe(reference.romeDateOf(at));
        expect(romeDateTimeText(at)).toBe(dayjs(at).tz(OPERATOR_TZ).format('YYYY-MM-DD HH:mm:ss'));
      }),
      { numRuns: 1000 },
    );
    for (const at of ['2026-03-28T23:00:00Z', '2026-03-29T00:59:59Z', '2026-03-29T22:00:00Z', '2026-10-24T22:00:00Z', '2026-10-25T22:59:59Z', '2026-10-25T23:00:00Z']) {
      expect(romeDateOf(at), at).toBe(reference.romeDateOf(at));
    }
  });

  it('Rome wall clock every 5 minutes around each change night since 1980, against a fresh Intl formatter', () => {
    // Swedish dates read YYYY-MM-DD HH:mm:ss, the format under test.
    const oracle = new Intl.DateTimeFormat('sv-SE', { timeZone: OPERATOR_TZ, dateStyle: 'short', timeStyle: 'medium' });
    for (let year = 1980; year <= 2100; year++) {
      for (const month of [3, 9, 10]) {
        const sunday = Date.UTC(year, month - 1, Number(lastSunday(year, month)));
        for (let at = sunday - 4 * 3_600_000; at <= sunday + 4 * 3_600_000; at += 5 * 60_000) {
          expect(romeDateTimeText(new Date(at)), new Date(at).toISOString()).toBe(oracle.format(at));
        }
      }
    }
  });

  it('romeDateTimeToUtc: every time that exists once in Rome, DST change days included', () => {
    const changeDays = fc.integer({ min: 1980, max: 2090 }).chain((y) => fc.constantFrom(`${y}-03-${lastSunday(y, 3)}`, `${y}-10-${lastSunday(y, 10)}`));
    fc.assert(
      fc.property(fc.oneof(isoDate('1900-01-01', '2100-12-31'), changeDays), hhmm, (date, time) => {
        const ours = romeDateTimeToUtc(date, time);
        // The autumn night's repeated hour: dayjs chose by today's season (test below).
        if (
          dayjs(ours.getTime() + 3_600_000)
            .tz(OPERATOR_TZ)
            .format('YYYY-MM-DD HH:mm') === `${date} ${time}`
        )
          return;
        expect(ours.toISOString()).toBe(reference.romeDateTimeToUtc(date, time).toISOString());
      }),
      { numRuns: 1000 },
    );
  });

  it('romeDateTimeToUtc: the skipped hour moves on, the repeated hour is its first occurrence', () => {
    expect(romeDateTimeToUtc('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(romeDateTimeToUtc('2026-03-29', '01:59').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(romeDateTimeToUtc('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(romeDateTimeToUtc('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(romeDateTimeToUtc('2026-10-25', '01:59').toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(romeDateTimeToUtc('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });
});

function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  return String(last.getUTCDate() - last.getUTCDay()).padStart(2, '0');
}
