import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../schedule/calendar.ts';
import { ageOn } from '../dates.ts';
import {
  ANIMAL_PAX_ID,
  birthDateFits,
  categoryForAge,
  FARE_CATEGORY,
  isBookingAdult,
  MAX_PETS_PER_FLIGHT,
  maxInfants,
  TKT_CATEGORY,
} from './categories.ts';
import { canBookFlight, cutoffHours, isOnSale, saleClosesAt } from './cutoff.ts';

describe('age categories on the flight date', () => {
  it.each([
    [0, 'i'], [1, 'i'], [2, 'c'], [11, 'c'], [12, 'a'], [17, 'a'], [100, 'a'], [101, null], [-1, null],
  ])('age %i is %s', (age, cat) => expect(categoryForAge(age)).toBe(cat));

  it('checks birth dates against the flight date, birthday included', () => {
    expect(birthDateFits('a', '2014-07-01', '2026-07-01')).toBe(true); // 12 today
    expect(birthDateFits('c', '2014-07-02', '2026-07-01')).toBe(true); // 11 until tomorrow
    expect(birthDateFits('a', '2014-07-02', '2026-07-01')).toBe(false);
    expect(birthDateFits('i', '2024-07-02', '2026-07-01')).toBe(true); // 1 year 364 days
    expect(birthDateFits('c', '2024-07-01', '2026-07-01')).toBe(true);
    expect(birthDateFits('a', '1926-07-01', '2026-07-01')).toBe(true); // 100
    expect(birthDateFits('a', '1925-07-02', '2026-07-01')).toBe(true); // 100 until tomorrow
    expect(birthDateFits('a', '1925-07-01', '2026-07-01')).toBe(false); // 101
    expect(birthDateFits('i', '2026-07-02', '2026-07-01')).toBe(false); // not born yet
    expect(birthDateFits('an', '', '2026-07-01')).toBe(true);
  });

  it('an adult for booking purposes is 18 on the flight date', () => {
    expect(isBookingAdult('2008-07-01', '2026-07-01')).toBe(true);
    expect(isBookingAdult('2008-07-02', '2026-07-01')).toBe(false);
  });

  it('maps categories to tickets and fares; a pet is a child-type ticket with id 100', () => {
    expect(TKT_CATEGORY).toEqual({ a: 'AD', c: 'CH', i: 'INF', an: 'CH' });
    expect(FARE_CATEGORY.an).toBe('pet');
    expect(ANIMAL_PAX_ID).toBe(100);
    expect(MAX_PETS_PER_FLIGHT).toBe(1);
  });

  it('allows infants up to half the adults, rounded up', () => {
    expect([0, 1, 2, 3, 4, 5].map(maxInfants)).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('property: every age 0–100 has exactly one category and the birth date fits only it', () => {
    const iso = fc.date({ min: new Date('1930-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(iso, fc.integer({ min: 0, max: 40_000 }), (flight, daysOld) => {
        const birth = addDays(flight, -daysOld);
        const cat = categoryForAge(ageOn(birth, flight));
        const fits = (['a', 'c', 'i'] as const).filter((c) => birthDateFits(c, birth, flight));
        expect(fits).toEqual(cat ? [cat] : []);
      }),
    );
  });

  it('property: infants ≤ ceil(adults / 2) and two adults per extra infant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), (a) => {
        expect(maxInfants(a) * 2).toBeGreaterThanOrEqual(a);
        expect(maxInfants(a) * 2 - a).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('purchase cut-off', () => {
  const takeOff = new Date('2026-07-01T08:30:00Z');
  it('is 6 hours between Foggia and the Tremiti, 12 elsewhere', () => {
    expect(cutoffHours(1348, 1511)).toBe(6);
    expect(cutoffHours(1511, 1349)).toBe(6);
    expect(cutoffHours(1348, 1514)).toBe(12);
    expect(cutoffHours(1514, 1511)).toBe(12);
    expect(cutoffHours(1529, 1511)).toBe(12);
    expect(saleClosesAt(1348, 1511, takeOff).toISOString()).toBe('2026-07-01T02:30:00.000Z');
  });

  it('sells up to the limit and not after', () => {
    expect(isOnSale(1348, 1511, takeOff, new Date('2026-07-01T02:30:00Z'))).toBe(true);
    expect(isOnSale(1348, 1511, takeOff, new Date('2026-07-01T02:30:00.001Z'))).toBe(false);
    expect(isOnSale(1514, 1511, takeOff, new Date('2026-06-30T20:30:00Z'))).toBe(true);
    expect(isOnSale(1514, 1511, takeOff, new Date('2026-06-30T20:31:00Z'))).toBe(false);
    expect(isOnSale(1348, 1511, takeOff, new Date('2026-07-01T09:00:00Z'))).toBe(false);
  });

  it('lets only staff book extra flights', () => {
    expect(canBookFlight({ extra: false }, [])).toBe(true);
    expect(canBookFlight({ extra: true }, [])).toBe(false);
    expect(canBookFlight({ extra: true }, ['PagamentoCash'])).toBe(false);
    for (const r of ['Admin', 'Prenotazioni', 'PrenotaFull']) expect(canBookFlight({ extra: true }, [r])).toBe(true);
  });
});
