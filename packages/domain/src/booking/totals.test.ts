import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCouponPercent, COUPON_MAX_ATTEMPTS, couponAttemptsLeft, spreadDiscount } from './coupon.ts';
import { categoryPrices, computeTotals, totalsMismatch, type Journey, type TotalsPax } from './totals.ts';

const out: Journey = { direction: 'd', originId: 1348, destinationId: 1511, date: '2026-03-10' };
const back: Journey = { direction: 'c', originId: 1511, destinationId: 1349, date: '2026-03-12' };
const adult: TotalsPax = { category: 'a', birthDate: '01/01/1980', residence: 'Foggia' };

describe('computeTotals', () => {
  it('prices a round trip for an adult and a child of 8 (spec numbers)', () => {
    const { paxes, totals } = computeTotals({ paxes: [adult, { category: 'c', birthDate: '01/01/2018' }], journeys: [out, back] });
    // adult: 31,75 + 13,91 + 2,50 out; 31,75 + 7,41 back
    expect(paxes[0]).toMatchObject({ fare: 6350, ticket: 6350, tax: 2132, landingTax: 250, total: 8732 });
    // child of 8: no landing fee; 15,87 + 12,12 out; 15,87 + 5,62 back
    expect(paxes[1]).toMatchObject({ ticket: 3174, tax: 1774, landingTax: 0, total: 4948 });
    expect(totals).toEqual({
      tickets: 9524,
      ticketsDiscounted: 9524,
      taxes: 3906,
      landingTaxes: 250,
      grandTotal: 13680,
      grandTotalDiscounted: 13680,
    });
  });

  it('applies staff discount and exemption only when the booker may', () => {
    const p: TotalsPax = { ...adult, dsc: 50, exemption: 1 };
    expect(computeTotals({ paxes: [p], journeys: [out] }).totals.grandTotalDiscounted).toBe(4816);
    const staff = computeTotals({ paxes: [p], journeys: [out], staffDiscounts: true });
    expect(staff.paxes[0]).toMatchObject({ ticket: 1587, ticket_nodsc: 3175, landingTax: 0, total: 2978, total_nodsc: 4566 });
  });

  it('gives residents of the Tremiti the res fare and prices a pet as a pet', () => {
    const { paxes } = computeTotals({ paxes: [{ ...adult, residence: 'Isole Tremiti' }, { category: 'an' }], journeys: [{ ...out, date: '2026-08-01' }] });
    expect(paxes[0]!.legs[0]).toMatchObject({ fareTab: 'res', fare: 3175, landingTax: 0 });
    expect(paxes[1]).toMatchObject({ fare: 3175, tax: 0, total: 3175 });
  });

  it('takes a coupon off the tickets only, spread so the tickets add up', () => {
    const { paxes, totals } = computeTotals({ paxes: [adult, adult, adult], journeys: [out], couponPerc: 10 });
    expect(totals.ticketsDiscounted).toBe(9525 - 953);
    expect(totals.grandTotalDiscounted).toBe(totals.ticketsDiscounted + totals.taxes + totals.landingTaxes);
    expect(paxes.map((p) => p.ticket).reduce((a, b) => a + b)).toBe(totals.ticketsDiscounted);
    expect(applyCouponPercent({ tickets: 9525, tot: 9525 + 4173 + 750 }, 10)).toEqual({
      new_tkts_total: 8572,
      new_grand_total: 8572 + 4173 + 750,
    });
  });

  it('detects tampered totals', () => {
    const { totals } = computeTotals({ paxes: [adult], journeys: [out] });
    expect(totalsMismatch(totals, totals)).toEqual([]);
    expect(totalsMismatch({ ...totals, grandTotalDiscounted: 100 }, totals)).toEqual(['grandTotalDiscounted']);
  });

  it('prices each category for the flight search', () => {
    const p = categoryPrices(out);
    expect([p.adult.total, p.child.total, p.infant.total, p.pet.total]).toEqual([4816, 3049, 317, 1587]);
  });
});

const pax = fc.record({
  category: fc.constantFrom('a', 'c', 'i', 'an' as const),
  birthDate: fc.constantFrom('01/01/1980', '01/01/2014', '15/03/2016', '01/01/2025', null),
  residence: fc.constantFrom('Foggia', 'Isole Tremiti', null),
  exemption: fc.boolean(),
  dsc: fc.integer({ min: 0, max: 100 }),
});
const journeys = fc.constantFrom([out], [out, back], [{ ...out, originId: 1514, date: '2026-07-20' }]);

describe('computeTotals properties', () => {
  it('totals are sums of the parts, never negative; discounts touch the tickets only', () => {
    fc.assert(
      fc.property(fc.array(pax, { minLength: 1, maxLength: 8 }), journeys, fc.integer({ min: 0, max: 100 }), fc.boolean(), (paxes, js, perc, staff) => {
        const { paxes: priced, totals } = computeTotals({ paxes, journeys: js, couponPerc: perc, staffDiscounts: staff });
        const plain = computeTotals({ paxes, journeys: js });
        expect(totals.grandTotal).toBe(totals.tickets + totals.taxes + totals.landingTaxes);
        expect(totals.grandTotalDiscounted).toBe(totals.ticketsDiscounted + totals.taxes + totals.landingTaxes);
        expect(priced.reduce((a, p) => a + p.total, 0)).toBe(totals.grandTotalDiscounted);
        expect(totals.tickets).toBe(plain.totals.tickets);
        expect(totals.taxes).toBe(plain.totals.taxes);
        expect(totals.ticketsDiscounted).toBeLessThanOrEqual(totals.tickets);
        for (const p of priced) for (const v of [p.ticket, p.tax, p.landingTax, p.total]) expect(v).toBeGreaterThanOrEqual(0);
        for (const v of Object.values(totals)) expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  it('spreadDiscount shares add up exactly and never exceed a ticket', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 100 }), (tickets, perc) => {
        const total = tickets.reduce((a, b) => a + b, 0);
        const amount = Math.round((total * perc) / 100);
        const shares = spreadDiscount(tickets, amount);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : amount);
        shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(tickets[i]!));
      }),
    );
  });
});

describe('coupon attempts', () => {
  it('allows 3 failed attempts', () => {
    expect(COUPON_MAX_ATTEMPTS).toBe(3);
    expect([0, 1, 2, 3, 4].map(couponAttemptsLeft)).toEqual([3, 2, 1, 0, 0]);
  });
});
