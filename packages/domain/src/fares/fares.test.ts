import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLACE_IDS } from '../places.ts';
import { seasonOn } from '../seasons.ts';
import { amountToCents, centsToAmount, centsToWire, formatMoney, percentOf } from './money.ts';
import { discounted, fareTabFor, isTremitiResidence, landingFeeApplies, priceFor } from './pricing.ts';
import {
  ADDITIONAL_FEES,
  additionalFee,
  COST_DETAIL,
  defaultFaresTab,
  FARE_CATEGORIES,
  FARES,
  LANDING_FEE,
  TARIFF_ADJUSTMENT_DATES,
  TARIFF_IN_FORCE_FROM,
} from './table.ts';

const { foggiaDeparture: FOG, foggiaArrival: FOG_ARR, tremiti: TRE, vieste: VIE, peschici: PES } = PLACE_IDS;
const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('fare table (spec accounts §9, verbatim)', () => {
  it('has the low, high and res fares for adult, child, infant, pet', () => {
    expect(FARES.low).toEqual({ adult: 3175, child: 1587, infant: 317, pet: 1587 });
    expect(FARES.high).toEqual({ adult: 6350, child: 3175, infant: 635, pet: 3175 });
    expect(FARES.res).toEqual({ adult: 3175, child: 1587, infant: 317, pet: 1587 });
  });

  it('has the additional fees by departure heliport', () => {
    expect(ADDITIONAL_FEES.main).toEqual({ adult: 1391, child: 1212, infant: 0, pet: 0 });
    expect(ADDITIONAL_FEES.other).toEqual({ adult: 741, child: 562, infant: 0, pet: 0 });
    expect(additionalFee('adult', FOG)).toBe(1391);
    for (const origin of [TRE, VIE, PES]) expect(additionalFee('child', origin)).toBe(562);
    expect(LANDING_FEE).toBe(250);
  });

  it('reconciles the cost detail with the fees: main = every line, other = without additional services', () => {
    expect(COST_DETAIL.adult).toEqual({
      boarding: 359,
      additionalServices: 650,
      security: 181,
      luggageFixed: 130,
      luggageVariable: 37,
      reducedMobility: 34,
    });
    expect(COST_DETAIL.child.boarding).toBe(180);
    for (const c of ['adult', 'child'] as const) {
      expect(sum(COST_DETAIL[c])).toBe(ADDITIONAL_FEES.main[c]);
      expect(sum(COST_DETAIL[c]) - COST_DETAIL[c].additionalServices).toBe(ADDITIONAL_FEES.other[c]);
    }
  });

  it('lists the tariff adjustment dates in order', () => {
    expect(TARIFF_ADJUSTMENT_DATES).toEqual(['2014-10-01', '2018-10-16', '2019-12-04', '2021-01-13', '2022-05-23', '2023-06-15', '2024-07-08']);
    expect(TARIFF_IN_FORCE_FROM).toBe('2024-07-08');
  });

  it.each([
    ['2026-01-01', 'low'],
    ['2026-06-14', 'low'],
    ['2026-06-15', 'high'],
    ['2026-09-15', 'high'],
    ['2026-09-16', 'low'],
    ['2026-12-31', 'low'],
  ])('opens the fares page on %s at the %s tab', (date, tab) => {
    expect(defaultFaresTab(date)).toBe(tab);
  });
});

describe('priceFor', () => {
  it('adult Foggia → Tremiti, low season: 31,75 + 13,91 + 2,50', () => {
    expect(priceFor({ category: 'adult', originId: FOG, destinationId: TRE, date: '2026-03-10' })).toEqual({
      fareTab: 'low',
      fare: 3175,
      ticket: 3175,
      ticket_nodsc: 3175,
      tax: 1391,
      landingTax: 250,
      total: 4816,
      total_nodsc: 4816,
    });
  });

  it('adult Tremiti → Foggia, high season: no landing fee, other-heliport fees', () => {
    expect(priceFor({ category: 'adult', originId: TRE, destinationId: FOG_ARR, date: '2026-08-01' })).toMatchObject({
      fareTab: 'high',
      fare: 6350,
      tax: 741,
      landingTax: 0,
      total: 7091,
    });
  });

  it('child pays the landing fee only over ten; unknown age is charged', () => {
    const base = { category: 'child', originId: FOG, destinationId: TRE, date: '2026-07-01' } as const;
    expect(priceFor({ ...base, age: 10 }).landingTax).toBe(0);
    expect(priceFor({ ...base, age: 11 })).toMatchObject({ fare: 3175, tax: 1212, landingTax: 250, total: 4637 });
    expect(priceFor(base).landingTax).toBe(250);
  });

  it('infants and pets pay the base fare only', () => {
    expect(priceFor({ category: 'infant', originId: FOG, destinationId: TRE, date: '2026-02-01' })).toMatchObject({ total: 317, tax: 0, landingTax: 0 });
    expect(priceFor({ category: 'pet', originId: VIE, destinationId: TRE, date: '2026-08-01' })).toMatchObject({ total: 3175, tax: 0, landingTax: 0 });
  });

  it('residents of the Tremiti get the res fare and no landing fee', () => {
    const p = priceFor({ category: 'adult', originId: FOG, destinationId: TRE, date: '2026-08-01', reserved: true });
    expect(p).toMatchObject({ fareTab: 'res', fare: 3175, tax: 1391, landingTax: 0, total: 4566 });
    expect(isTremitiResidence('Isole Tremiti')).toBe(true);
    expect(isTremitiResidence('ISOLE TREMITI (FG)')).toBe(true);
    expect(isTremitiResidence('Foggia')).toBe(false);
    expect(isTremitiResidence('San Domino')).toBe(true);
    expect(isTremitiResidence('Tremitino')).toBe(false);
    expect(isTremitiResidence(null)).toBe(false);
  });

  it('landing fee needs a Tremiti arrival after 01/06/2016 and no exemption', () => {
    const adult = { category: 'adult', destinationId: TRE, date: '2026-05-05' } as const;
    expect(landingFeeApplies(adult)).toBe(true);
    expect(landingFeeApplies({ ...adult, destinationId: VIE })).toBe(false);
    expect(landingFeeApplies({ ...adult, date: '2016-05-31' })).toBe(false);
    expect(landingFeeApplies({ ...adult, landingExempt: true })).toBe(false);
  });

  it('discount applies to the ticket only', () => {
    const p = priceFor({ category: 'adult', originId: FOG, destinationId: TRE, date: '2026-03-10', discountPercent: 10 });
    expect(p).toMatchObject({ ticket: 2857, ticket_nodsc: 3175, tax: 1391, landingTax: 250, total: 4498, total_nodsc: 4816 });
    expect(() => discounted(100, 101)).toThrow(RangeError);
    expect(() => discounted(100, -1)).toThrow(RangeError);
  });

  it('uses the season of the flight date unless reserved', () => {
    expect(fareTabFor('2026-06-15')).toBe('high');
    expect(fareTabFor('2026-06-15', true)).toBe('res');
  });
});

const isoDate = fc.date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const priceInput = fc.record({
  category: fc.constantFrom(...FARE_CATEGORIES),
  originId: fc.constantFrom(FOG, TRE, VIE, PES),
  destinationId: fc.constantFrom(FOG_ARR, TRE, VIE),
  date: isoDate,
  reserved: fc.boolean(),
  age: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
  landingExempt: fc.boolean(),
  discountPercent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
});

describe('priceFor properties', () => {
  it('totals are the sum of their parts and nothing is negative', () => {
    fc.assert(
      fc.property(priceInput, (input) => {
        const p = priceFor(input);
        expect(p.total).toBe(p.ticket + p.tax + p.landingTax);
        expect(p.total_nodsc).toBe(p.ticket_nodsc + p.tax + p.landingTax);
        for (const v of [p.fare, p.ticket, p.ticket_nodsc, p.tax, p.landingTax, p.total, p.total_nodsc]) {
          expect(Number.isInteger(v) && v >= 0).toBe(true);
        }
      }),
    );
  });

  it('the discount changes the ticket only, and never raises it', () => {
    fc.assert(
      fc.property(priceInput, fc.integer({ min: 0, max: 100 }), (input, dsc) => {
        const full = priceFor({ ...input, discountPercent: 0 });
        const off = priceFor({ ...input, discountPercent: dsc });
        expect(off.ticket).toBeLessThanOrEqual(full.ticket);
        expect(off.ticket_nodsc).toBe(full.ticket);
        expect([off.tax, off.landingTax]).toEqual([full.tax, full.landingTax]);
        expect(full.total - off.total).toBe(full.ticket - off.ticket);
      }),
    );
  });

  it('the season tab follows seasons.ts', () => {
    fc.assert(
      fc.property(isoDate, (d) => {
        const md = d.slice(5);
        const low = (md >= '01-01' && md <= '06-14') || (md >= '09-16' && md <= '12-31');
        expect(defaultFaresTab(d)).toBe(low ? 'low' : 'high');
        expect(defaultFaresTab(d)).toBe(seasonOn(d));
      }),
    );
  });
});

describe('money', () => {
  it('writes cents as 2-decimal wire amounts and reads them back', () => {
    expect(centsToWire(3175)).toBe('31.75');
    expect(centsToWire(317)).toBe('3.17');
    expect(centsToWire(5)).toBe('0.05');
    expect(centsToWire(0)).toBe('0.00');
    expect(centsToAmount(6350)).toBe(63.5);
    expect(amountToCents('31.75')).toBe(3175);
    expect(amountToCents(31.75)).toBe(3175);
    expect(amountToCents('31.7')).toBe(3170);
    expect(amountToCents('31')).toBe(3100);
    for (const bad of ['31.755', '31,75', '', 'abc', '1e3', Number.NaN, 0.001]) expect(amountToCents(bad)).toBeNull();
  });

  it('round-trips every amount with exactly 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (c) => {
        const wire = centsToWire(c);
        expect(wire).toMatch(/^\d+\.\d{2}$/);
        expect(amountToCents(wire)).toBe(c);
        expect(amountToCents(centsToAmount(c))).toBe(c);
      }),
    );
  });

  it('formats euros for it-IT and en-GB', () => {
    expect(formatMoney(3175, 'it').replace(/\s/g, ' ')).toBe('31,75 €');
    expect(formatMoney(1234567, 'it').replace(/\s/g, ' ')).toBe('12.345,67 €');
    expect(formatMoney(3175, 'en')).toBe('€31.75');
    expect(formatMoney(6350, 'en')).toBe('€63.50');
  });

  it('writes every amount exactly as Intl.NumberFormat does, without building one', () => {
    const intl = {
      it: new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
      en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
    };
    const amounts = fc.oneof(
      fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.constantFrom(0, 5, 99, 100, 99_999, 100_000, 999_999, 1_000_000),
    );
    fc.assert(
      fc.property(amounts, fc.constantFrom('it' as const, 'en' as const), (cents, lang) => {
        expect(formatMoney(cents, lang)).toBe(intl[lang].format(cents / 100));
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds percentages half up to the cent', () => {
    expect(percentOf(3175, 10)).toBe(318);
    expect(percentOf(1587, 50)).toBe(794);
    expect(percentOf(0, 30)).toBe(0);
  });
});
