import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../schedule/calendar.ts';
import { ageOn } from '../dates.ts';
import {
  ADULT_FROM_AGE,
  ANIMAL_PAX_ID,
  BOOKING_ADULT_AGE,
  CHILD_FROM_AGE,
  MAX_PAX_AGE,
  PET_DEFAULT_NAME,
  PET_DISPLAY_NAMES,
  seatsNeeded,
  SEATS_PER_PASSENGER,
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
    [0, 'i'],
    [1, 'i'],
    [2, 'c'],
    [11, 'c'],
    [12, 'a'],
    [17, 'a'],
    [100, 'a'],
    [101, null],
    [-1, null],
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

describe('age bands, seats and the pet (spec §9, §2)', () => {
  it('pins the age bands: adult from 12, child from 2, nobody over 100, booking adult from 18', () => {
    expect([ADULT_FROM_AGE, CHILD_FROM_AGE, MAX_PAX_AGE, BOOKING_ADULT_AGE]).toEqual([12, 2, 100, 18]);
  });

  it('gives a seat to everyone but infants, who fly on a lap; a pet takes a seat', () => {
    expect(SEATS_PER_PASSENGER).toEqual({ a: 1, c: 1, i: 0, an: 1 });
    expect(seatsNeeded({ men: 1, women: 2, children: 3, infants: 2 })).toBe(6);
    expect(seatsNeeded({ men: 0, women: 0, children: 0, infants: 1 })).toBe(0);
  });

  it('names the pet "Animale" in Italian and "Pet" in English, and stores both when no name is given', () => {
    expect(PET_DISPLAY_NAMES).toEqual({ it: 'Animale', en: 'Pet' });
    expect(PET_DEFAULT_NAME).toEqual({ lastname: 'Animale', firstname: 'Pet' });
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
