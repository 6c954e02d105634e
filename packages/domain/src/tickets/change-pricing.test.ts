import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLACE_IDS } from '../places.ts';
import { ADMIN_FEE_CENTS, changeCosts, discountPercentOf, priceMove, type MovedTicket } from './change-pricing.ts';
import { changeDeadline, formatEditableUntil, isChangeable } from './change-deadline.ts';

const { foggiaDeparture: FOG, foggiaArrival: FOG_ARR, tremiti: TRE, vieste: VIE } = PLACE_IDS;

/** Adult Foggia → Tremiti in low season: 31.75 + 13.91 + 2.50. */
const lowAdult: MovedTicket = {
  category: 'a',
  birthDate: '01/01/1980',
  fareCents: 3175,
  ticketCents: 3175,
  taxCents: 1391,
  landingFeeCents: 250,
  originId: FOG,
  destinationId: TRE,
  date: '2026-03-10',
};

describe('priceMove', () => {
  it('a move into high season pays the fare difference', () => {
    const d = priceMove(lowAdult, { originId: FOG, destinationId: TRE, date: '2026-07-10' });
    expect(d.price.total).toBe(6350 + 1391 + 250);
    expect(d).toMatchObject({ ticketCents: 3175, taxCents: 0, landingFeeCents: 0, payCents: 3175 });
  });

  it('a move to a cheaper flight pays nothing and refunds nothing: the new ticket carries its lower price', () => {
    const high = { ...lowAdult, fareCents: 6350, ticketCents: 6350, date: '2026-07-10' };
    const d = priceMove(high, { originId: FOG, destinationId: TRE, date: '2026-10-10' });
    expect(d.payCents).toBe(0);
    expect(d.price.ticket).toBe(3175);
    expect(d.ticketCents).toBe(-3175);
  });

  it('keeps the res fare, the landing-fee exemption and the discount of the old ticket', () => {
    const res = { ...lowAdult, date: '2026-07-10', fareCents: 3175, ticketCents: 3175, landingFeeCents: 0 };
    expect(priceMove(res, { originId: FOG, destinationId: TRE, date: '2026-08-01' }).payCents).toBe(0);
    const exempt = { ...lowAdult, landingFeeCents: 0 };
    expect(priceMove(exempt, { originId: FOG, destinationId: TRE, date: '2026-03-11' }).price.landingTax).toBe(0);
    const discounted = { ...lowAdult, ticketCents: 2858 };
    expect(discountPercentOf(discounted)).toBe(10);
    expect(priceMove(discounted, { originId: FOG, destinationId: TRE, date: '2026-03-11' }).price.ticket).toBe(2857);
  });

  it('the other direction changes the departure fees and drops the landing fee', () => {
    const d = priceMove(lowAdult, { originId: TRE, destinationId: FOG_ARR, date: '2026-03-10' });
    expect(d.price).toMatchObject({ tax: 741, landingTax: 0 });
    expect(d.payCents).toBe(0);
  });
});

describe('changeCosts', () => {
  const up = priceMove(lowAdult, { originId: FOG, destinationId: TRE, date: '2026-07-10' });
  const down = priceMove({ ...lowAdult, fareCents: 6350, ticketCents: 6350, date: '2026-07-10' }, { originId: FOG, destinationId: TRE, date: '2026-10-10' });

  it('sums what is owed plus the 3 € admin fee; cheaper tickets do not offset dearer ones', () => {
    expect(changeCosts([up, down], { adminFeeCheck: true, mayWaiveAdminFee: false })).toEqual({
      ticket: 3175,
      tax: 0,
      landingFee: 0,
      adminFee: ADMIN_FEE_CENTS,
      adminFeeCheck: true,
      total: 3175 + 300,
    });
  });

  it('only staff may waive the admin fee; no move, no fee', () => {
    expect(changeCosts([up], { adminFeeCheck: false, mayWaiveAdminFee: false }).adminFee).toBe(300);
    expect(changeCosts([up], { adminFeeCheck: false, mayWaiveAdminFee: true })).toMatchObject({ adminFee: 0, total: 3175 });
    expect(changeCosts([], { adminFeeCheck: true, mayWaiveAdminFee: false }).total).toBe(0);
  });

  it('property: the amount to pay is never negative and is the sum of the owed parts plus the fee', () => {
    const moved = fc.record({
      category: fc.constantFrom('a', 'c', 'i', 'an' as const),
      birthDate: fc.constantFrom('01/01/1980', '01/01/2018', '01/06/2025'),
      fareCents: fc.integer({ min: 0, max: 10_000 }),
      ticketCents: fc.integer({ min: 0, max: 10_000 }),
      taxCents: fc.integer({ min: 0, max: 2_000 }),
      landingFeeCents: fc.constantFrom(0, 250),
      originId: fc.constantFrom(FOG, TRE, VIE),
      destinationId: fc.constantFrom(FOG_ARR, TRE, VIE),
      date: fc.constantFrom('2026-03-10', '2026-07-10'),
    });
    const journey = fc.record({
      originId: fc.constantFrom(FOG, TRE, VIE),
      destinationId: fc.constantFrom(FOG_ARR, TRE, VIE),
      date: fc.constantFrom('2026-01-10', '2026-08-10'),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(moved, journey), { maxLength: 6 }), fc.boolean(), (moves, check) => {
        const diffs = moves.map(([m, j]) => priceMove(m as MovedTicket, j));
        const c = changeCosts(diffs, { adminFeeCheck: check, mayWaiveAdminFee: true });
        expect(c.total).toBeGreaterThanOrEqual(0);
        for (const d of diffs) expect(d.payCents).toBeGreaterThanOrEqual(0);
        expect(c.total).toBe(diffs.reduce((a, d) => a + d.payCents, 0) + c.adminFee);
        expect(c.ticket + c.tax + c.landingFee + c.adminFee).toBe(c.total);
      }),
    );
  });
});

describe('change deadline (cut-off) and editable_until', () => {
  const takeOff = new Date('2026-08-10T08:00:00Z'); // 10:00 in Rome
  it('6 h before take-off Foggia ⇄ Tremiti, 12 h otherwise', () => {
    expect(changeDeadline(FOG, TRE, takeOff).toISOString()).toBe('2026-08-10T02:00:00.000Z');
    expect(changeDeadline(TRE, FOG_ARR, takeOff).toISOString()).toBe('2026-08-10T02:00:00.000Z');
    expect(changeDeadline(VIE, TRE, takeOff).toISOString()).toBe('2026-08-09T20:00:00.000Z');
    expect(isChangeable(FOG, TRE, takeOff, new Date('2026-08-10T02:00:00Z'))).toBe(true);
    expect(isChangeable(FOG, TRE, takeOff, new Date('2026-08-10T02:00:01Z'))).toBe(false);
  });

  it('editable_until is Rome time YYYY-MM-DD hh:mm:ss', () => {
    expect(formatEditableUntil(changeDeadline(FOG, TRE, takeOff))).toBe('2026-08-10 04:00:00');
  });
});
