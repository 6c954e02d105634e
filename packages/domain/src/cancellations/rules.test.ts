import { describe, expect, it } from 'vitest';
import { moveAtNoCost, priceMove } from '../tickets/change-pricing.ts';
import { voucherValidTo } from './rules.ts';

describe('voucherValidTo', () => {
  it('lasts 12 months: the last day is the day before the same date a year later', () => {
    expect(voucherValidTo('2026-11-24')).toBe('2027-11-23');
    expect(voucherValidTo('2026-01-01')).toBe('2026-12-31');
  });
  it('a voucher of 29 February ends on 27 February (no 29th next year)', () => {
    expect(voucherValidTo('2028-02-29')).toBe('2029-02-27');
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
