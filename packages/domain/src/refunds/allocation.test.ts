import { describe, expect, it } from 'vitest';
import { allocateRefund } from './allocation.ts';

describe('allocateRefund', () => {
  it('takes from the newest payment first, then the older ones', () => {
    expect(allocateRefund(5000, [{ leftCents: 2000 }, { leftCents: 10000 }])).toEqual([2000, 3000]);
  });

  it('leaves older payments untouched when the newest covers it', () => {
    expect(allocateRefund(1500, [{ leftCents: 2000 }, { leftCents: 10000 }])).toEqual([1500, 0]);
  });

  it('skips payments already fully refunded (or over-refunded)', () => {
    expect(allocateRefund(100, [{ leftCents: 0 }, { leftCents: -50 }, { leftCents: 100 }])).toEqual([0, 0, 100]);
  });

  it('refuses when what is left cannot cover the amount', () => {
    expect(allocateRefund(12001, [{ leftCents: 2000 }, { leftCents: 10000 }])).toBeNull();
    expect(allocateRefund(1, [])).toBeNull();
  });

  it('covers exactly what is left', () => {
    expect(allocateRefund(12000, [{ leftCents: 2000 }, { leftCents: 10000 }])).toEqual([2000, 10000]);
  });

  it('rejects an amount that is not a positive number of cents', () => {
    expect(() => allocateRefund(0, [{ leftCents: 1 }])).toThrow(RangeError);
    expect(() => allocateRefund(1.5, [{ leftCents: 2 }])).toThrow(RangeError);
  });
});
