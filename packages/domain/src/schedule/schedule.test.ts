import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATOR_TZ } from '../dates.ts';
import { dayjs } from '../dayjs.ts';
import { PLACE_IDS, placeById } from '../places.ts';
import { seasonOn } from '../seasons.ts';
import { addDays, datesBetween, isoWeekday, minutesOfDay } from './calendar.ts';
import { FLEET } from './fleet.ts';
import {
  BLOCK_MINUTES,
  FLIGHT_CODE_PATTERN,
  isViesteDay,
  legInstants,
  MIN_TURNAROUND_MINUTES,
  type PlannedFlight,
  plannedFlightsOn,
  SCHEDULE_PATTERNS,
} from './patterns.ts';

const { foggiaDeparture: FOG_DEP, foggiaArrival: FOG_ARR, tremiti: TRE, vieste: VIE, peschici: PES } = PLACE_IDS;

const isoDate = (min = '2000-01-01', max = '2099-12-31') =>
  fc.date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

const heliport = (id: number) => placeById(id)!.code; // Foggia 1348 and 1349 are one heliport
const legsOf = (flights: PlannedFlight[]) => flights.flatMap((f) => f.legs);
const hasVieste = (flights: PlannedFlight[]) => legsOf(flights).some((l) => l.originId === VIE || l.destinationId === VIE);
const route = (f: PlannedFlight) => [f.legs[0]!.originId, ...f.legs.map((l) => l.destinationId)];

/** A whole year, so every weekday of both seasons is covered. */
const YEAR_2026 = datesBetween('2026-01-01', '2026-12-31');

describe('calendar arithmetic', () => {
  it('knows weekdays (Monday = 1)', () => {
    expect(isoWeekday('2026-06-15')).toBe(1);
    expect(isoWeekday('2026-06-19')).toBe(5);
    expect(isoWeekday('2026-03-29')).toBe(7);
    expect(isoWeekday('2024-02-29')).toBe(4);
  });

  it('adds days across months, leap days and DST changes', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -7)).toBe('2025-12-25');
    expect(datesBetween('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(datesBetween('2026-10-26', '2026-10-24')).toEqual([]);
  });

  it('addDays is invertible and moves the weekday along', () => {
    fc.assert(
      fc.property(isoDate(), fc.integer({ min: -1000, max: 1000 }), (date, n) => {
        expect(addDays(addDays(date, n), -n)).toBe(date);
        expect(isoWeekday(addDays(date, n))).toBe(((((isoWeekday(date) - 1 + n) % 7) + 7) % 7) + 1);
      }),
    );
  });

  it('refuses malformed input', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => isoWeekday('30/01/2026')).toThrow(RangeError);
    expect(() => minutesOfDay('24:00')).toThrow(RangeError);
    expect(minutesOfDay('08:30')).toBe(510);
  });
});

describe('schedule patterns: data', () => {
  it('uses LID codes, unique codes and names, and aircraft of the fleet', () => {
    const codes = SCHEDULE_PATTERNS.map((p) => p.code);
    for (const code of codes) expect(code).toMatch(FLIGHT_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(SCHEDULE_PATTERNS.map((p) => p.name)).size).toBe(SCHEDULE_PATTERNS.length);
    const registrations = FLEET.map((a) => a.registration) as string[];
    for (const p of SCHEDULE_PATTERNS) expect(registrations).toContain(p.registration);
  });

  it('has a fleet of two AW109 with 6–7 seats and one AW139 with 12–15', () => {
    const aw109 = FLEET.filter((a) => a.model.includes('AW109'));
    const aw139 = FLEET.filter((a) => a.model.includes('AW139'));
    expect(aw109).toHaveLength(2);
    expect(aw139).toHaveLength(1);
    for (const a of aw109) expect([6, 7]).toContain(a.seats);
    for (const a of aw139) expect(a.seats >= 12 && a.seats <= 15).toBe(true);
    for (const a of FLEET) expect(a.registration).toMatch(/^I-[A-Z]{4}$/);
  });

  it('chains legs: origin = previous destination, times increasing, turnaround ≥ 10 min', () => {
    for (const p of SCHEDULE_PATTERNS) {
      p.legs.forEach((l, i) => {
        expect(minutesOfDay(l.arrives), p.name).toBeGreaterThan(minutesOfDay(l.departs));
        const prev = p.legs[i - 1];
        if (!prev) return;
        expect(l.originId, p.name).toBe(prev.destinationId);
        expect(minutesOfDay(l.departs) - minutesOfDay(prev.arrives), p.name).toBeGreaterThanOrEqual(MIN_TURNAROUND_MINUTES);
      });
    }
  });

  it('flies each leg in the block time of its route', () => {
    for (const l of SCHEDULE_PATTERNS.flatMap((p) => p.legs)) {
      const key = [heliport(l.originId), heliport(l.destinationId)].sort().join('-');
      expect(BLOCK_MINUTES[key], key).toBeDefined();
      expect(minutesOfDay(l.arrives) - minutesOfDay(l.departs), key).toBe(BLOCK_MINUTES[key]);
    }
    expect(BLOCK_MINUTES).toEqual({ 'FOG-TRE': 20, 'FOG-VIE': 20, 'TRE-VIE': 15, 'PES-TRE': 10 });
  });

  it('departs only from places that take departures and lands only where arrivals are allowed', () => {
    for (const l of SCHEDULE_PATTERNS.flatMap((p) => p.legs)) {
      expect(placeById(l.originId)!.canDepart).toBe(true);
      expect(placeById(l.destinationId)!.canArrive).toBe(true);
      expect(l.originId).not.toBe(FOG_ARR);
      expect(l.destinationId).not.toBe(FOG_DEP);
    }
  });
});

describe('plannedFlightsOn', () => {
  it('plans the direct line on a winter Wednesday', () => {
    const flights = plannedFlightsOn('2026-01-14');
    expect(flights.map((f) => [f.code, route(f), f.legs.map((l) => `${l.departs}-${l.arrives}`)])).toEqual([
      ['LID101', [FOG_DEP, TRE], ['08:30-08:50']],
      ['LID102', [TRE, FOG_ARR], ['09:10-09:30']],
      ['LID103', [FOG_DEP, TRE], ['14:00-14:20']],
      ['LID104', [TRE, FOG_ARR], ['14:40-15:00']],
    ]);
    expect(flights.every((f) => f.registration === 'I-HELA' && f.aircraftModel.includes('AW109'))).toBe(true);
  });

  it('stops at Vieste on a Monday: Foggia → Vieste → Tremiti and back, two legs each', () => {
    const flights = plannedFlightsOn('2026-01-12');
    expect(isoWeekday('2026-01-12')).toBe(1);
    expect(flights.map((f) => [f.code, f.pattern, route(f)])).toEqual([
      ['LID111', 'morning-out-vieste', [FOG_DEP, VIE, TRE]],
      ['LID112', 'morning-back-vieste', [TRE, VIE, FOG_ARR]],
      ['LID113', 'afternoon-out-vieste', [FOG_DEP, VIE, TRE]],
      ['LID114', 'afternoon-back-vieste', [TRE, VIE, FOG_ARR]],
    ]);
    expect(flights[0]!.legs).toEqual([
      { originId: FOG_DEP, destinationId: VIE, departs: '08:30', arrives: '08:50' },
      { originId: VIE, destinationId: TRE, departs: '09:05', arrives: '09:20' },
    ]);
  });

  it('stops at Vieste on Mondays and Fridays all year, on Saturdays and Sundays only in summer, never Tue–Thu', () => {
    for (const date of YEAR_2026) {
      const wd = isoWeekday(date);
      const expected = wd === 1 || wd === 5 || ((wd === 6 || wd === 7) && seasonOn(date) === 'high');
      expect(hasVieste(plannedFlightsOn(date)), date).toBe(expected);
      expect(isViesteDay(date), date).toBe(expected);
    }
    expect(hasVieste(plannedFlightsOn('2026-07-11'))).toBe(true); // summer Saturday
    expect(hasVieste(plannedFlightsOn('2026-07-12'))).toBe(true); // summer Sunday
    expect(hasVieste(plannedFlightsOn('2026-06-13'))).toBe(false); // last low-season Saturday
    expect(hasVieste(plannedFlightsOn('2026-09-19'))).toBe(false); // first low-season Saturday after summer
  });

  it('runs the daily Foggia–Tremiti line every day: two rotations each way, morning and afternoon', () => {
    fc.assert(
      fc.property(isoDate(), (date) => {
        const line = plannedFlightsOn(date).filter((f) => f.registration === 'I-HELA');
        const out = line.filter((f) => f.legs[0]!.originId === FOG_DEP && f.legs.at(-1)!.destinationId === TRE);
        const back = line.filter((f) => f.legs[0]!.originId === TRE && f.legs.at(-1)!.destinationId === FOG_ARR);
        expect(line).toHaveLength(4);
        expect(out).toHaveLength(2);
        expect(back).toHaveLength(2);
        for (const dir of [out, back]) {
          expect(dir.filter((f) => minutesOfDay(f.legs[0]!.departs) < 12 * 60)).toHaveLength(1);
          expect(dir.filter((f) => minutesOfDay(f.legs[0]!.departs) >= 12 * 60)).toHaveLength(1);
        }
      }),
    );
  });

  it('flies from Peschici only in summer, and only as an origin', () => {
    for (const date of YEAR_2026) {
      const legs = legsOf(plannedFlightsOn(date));
      expect(
        legs.some((l) => l.destinationId === PES),
        date,
      ).toBe(false);
      expect(
        legs.some((l) => l.originId === PES),
        date,
      ).toBe(seasonOn(date) === 'high');
    }
    const peschici = plannedFlightsOn('2026-08-15').find((f) => f.legs[0]!.originId === PES)!;
    expect(peschici.legs).toEqual([{ originId: PES, destinationId: TRE, departs: '10:30', arrives: '10:40' }]);
  });

  it('returns flights in departure order, each leg chained and after the previous one', () => {
    fc.assert(
      fc.property(isoDate(), (date) => {
        const flights = plannedFlightsOn(date);
        const firsts = flights.map((f) => minutesOfDay(f.legs[0]!.departs));
        expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
        for (const f of flights) {
          expect(f.code).toMatch(FLIGHT_CODE_PATTERN);
          f.legs.forEach((l, i) => {
            expect(minutesOfDay(l.departs)).toBeLessThan(minutesOfDay(l.arrives));
            if (i > 0) {
              expect(l.originId).toBe(f.legs[i - 1]!.destinationId);
              expect(minutesOfDay(l.departs)).toBeGreaterThanOrEqual(minutesOfDay(f.legs[i - 1]!.arrives) + MIN_TURNAROUND_MINUTES);
            }
          });
        }
      }),
    );
  });

  it('gives each aircraft a feasible day: ≥ 10 min between flights, starting where it landed (or after an unsold ferry to a departure-only heliport)', () => {
    for (const date of YEAR_2026) {
      const byAircraft = new Map<string, PlannedFlight[]>();
      for (const f of plannedFlightsOn(date)) byAircraft.set(f.registration, [...(byAircraft.get(f.registration) ?? []), f]);
      for (const [registration, flights] of byAircraft) {
        flights.slice(1).forEach((f, i) => {
          const prev = flights[i]!;
          const gap = minutesOfDay(f.legs[0]!.departs) - minutesOfDay(prev.legs.at(-1)!.arrives);
          expect(gap, `${date} ${registration} ${prev.code}→${f.code}`).toBeGreaterThanOrEqual(MIN_TURNAROUND_MINUTES);
          const from = f.legs[0]!.originId;
          if (heliport(from) !== heliport(prev.legs.at(-1)!.destinationId)) {
            expect(placeById(from)!.canArrive).toBe(false);
            expect(gap).toBeGreaterThanOrEqual(20 + MIN_TURNAROUND_MINUTES);
          }
        });
      }
    }
  });

  it('plans more in summer: the AW139 adds Peschici and an evening rotation', () => {
    expect(plannedFlightsOn('2026-07-15').map((f) => f.code)).toEqual(['LID101', 'LID102', 'LID301', 'LID302', 'LID103', 'LID104', 'LID303', 'LID304']);
    expect(plannedFlightsOn('2026-07-13').map((f) => f.code)).toEqual(['LID111', 'LID112', 'LID301', 'LID302', 'LID113', 'LID114', 'LID303', 'LID304']);
  });

  it('hands out copies: changing a result does not change the timetable', () => {
    const a = plannedFlightsOn('2026-01-14');
    a[0]!.legs[0]!.departs = '23:59';
    a[0]!.legs.push(a[0]!.legs[0]!);
    expect(plannedFlightsOn('2026-01-14')[0]!.legs).toEqual([{ originId: FOG_DEP, destinationId: TRE, departs: '08:30', arrives: '08:50' }]);
  });
});

describe('legInstants: Rome timetable to UTC', () => {
  it('keeps the Rome wall-clock time across the DST changes of 2026', () => {
    // 29 March 2026: clocks go forward (CET UTC+1 → CEST UTC+2); 25 October: back.
    expect(isViesteDay('2026-03-29')).toBe(false); // a Sunday in low season: direct flights
    expect(legInstants('2026-03-28', { departs: '08:30', arrives: '08:50' })).toEqual({
      departsAt: '2026-03-28T07:30:00.000Z',
      arrivesAt: '2026-03-28T07:50:00.000Z',
    });
    expect(legInstants('2026-03-29', { departs: '08:30', arrives: '08:50' })).toEqual({
      departsAt: '2026-03-29T06:30:00.000Z',
      arrivesAt: '2026-03-29T06:50:00.000Z',
    });
    expect(legInstants('2026-10-24', { departs: '14:00', arrives: '14:20' })).toEqual({
      departsAt: '2026-10-24T12:00:00.000Z',
      arrivesAt: '2026-10-24T12:20:00.000Z',
    });
    expect(legInstants('2026-10-25', { departs: '14:00', arrives: '14:20' })).toEqual({
      departsAt: '2026-10-25T13:00:00.000Z',
      arrivesAt: '2026-10-25T13:20:00.000Z',
    });
  });

  it('on every date, UTC durations equal timetable durations and convert back to the same Rome time', () => {
    const dstDays = ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'];
    fc.assert(
      fc.property(fc.oneof(isoDate(), fc.constantFrom(...dstDays)), (date) => {
        for (const l of legsOf(plannedFlightsOn(date))) {
          const { departsAt, arrivesAt } = legInstants(date, l);
          expect((Date.parse(arrivesAt) - Date.parse(departsAt)) / 60_000).toBe(minutesOfDay(l.arrives) - minutesOfDay(l.departs));
          const local = dayjs(departsAt).tz(OPERATOR_TZ);
          expect(local.format('YYYY-MM-DD HH:mm')).toBe(`${date} ${l.departs}`);
        }
      }),
    );
  });

  it('plans the same Rome times on both sides of a DST change', () => {
    for (const [before, after] of [
      ['2026-03-28', '2026-03-29'],
      ['2026-10-24', '2026-10-25'],
    ] as const) {
      const times = (d: string) => plannedFlightsOn(d).flatMap((f) => f.legs.map((l) => l.departs));
      expect(times(after)).toEqual(times(before));
      expect(addDays(before, 1)).toBe(after);
    }
  });
});
