import { describe, expect, it } from 'vitest';
import { computeTotals } from '../booking/totals.ts';
import { moveAtNoCost, priceMove } from '../tickets/change-pricing.ts';
import { voucherOff, voucherValidTo } from './rules.ts';

describe('voucherValidTo', () => {
  it('lasts 12 months: the last day is the day before the same date a year later', () => {
    expect(voucherValidTo('2026-11-24')).toBe('2027-11-23');
    expect(voucherValidTo('2026-01-01')).toBe('2026-12-31');
  });
  it('a voucher of 29 February ends on 27 February (no 29th next year)', () => {
    expect(voucherValidTo('2028-02-29')).toBe('2029-02-27');
  });
});

describe('voucherOff and computeTotals with a voucher', () => {
  it('takes the amount off the tickets, at most down to zero, never the taxes', () => {
    expect(voucherOff(10_000, 2_500)).toBe(2_500);
    expect(voucherOff(10_000, 25_000)).toBe(10_000);
    expect(voucherOff(10_000, -5)).toBe(0);
  });
  it('spreads the voucher over the tickets; taxes and landing fees stay', () => {
    const input = {
      paxes: [
        { category: 'a' as const, birthDate: '14/03/1985', residence: 'Foggia' },
        { category: 'a' as const, birthDate: '02/05/1980', residence: 'Bari' },
      ],
      journeys: [{ direction: 'd' as const, originId: 1348, destinationId: 1511, date: '2027-03-10' }],
    };
    const plain = computeTotals(input).totals;
    const withVoucher = computeTotals({ ...input, couponAmountCents: 3_001 }).totals;
    expect(withVoucher.ticketsDiscounted).toBe(plain.ticketsDiscounted - 3_001);
    expect(withVoucher.taxes).toBe(plain.taxes);
    expect(withVoucher.landingTaxes).toBe(plain.landingTaxes);
    const huge = computeTotals({ ...input, couponAmountCents: 10_000_000 }).totals;
    expect(huge.ticketsDiscounted).toBe(0);
    expect(huge.grandTotalDiscounted).toBe(plain.taxes + plain.landingTaxes);
  });
});

describe('moveAtNoCost', () => {
  const old = {
    category: 'a' as const,
    birthDate: '14/03/1985',
    fareCents: 1_000,
    ticketCents: 1_000,
    taxCents: 500,
    landingFeeCents: 250,
    originId: 1348,
    destinationId: 1511,
    date: '2027-01-15',
  };
  it('keeps what was paid and owes nothing, even where the new flight costs more', () => {
    const to = { originId: 1348, destinationId: 1511, date: '2027-08-10' };
    expect(priceMove(old, to).payCents).toBeGreaterThan(0);
    const d = moveAtNoCost(old, to);
    expect(d).toMatchObject({ payCents: 0, ticketCents: 0, taxCents: 0, landingFeeCents: 0 });
    expect(d.price).toMatchObject({ fare: 1_000, ticket: 1_000, tax: 500, landingTax: 250, total: 1_750 });
  });
});
