import { describe, expect, it } from 'vitest';
import { isRefundNumber, stepperValue } from './stepper.ts';

describe('number stepper', () => {
  it('resets non-numeric input to 0', () => {
    expect(stepperValue('abc', 7)).toBe(0);
    expect(stepperValue('', 7)).toBe(0);
    expect(stepperValue(Number.NaN, 7)).toBe(0);
  });
  it('refuses negatives by keeping the previous value', () => {
    expect(stepperValue('-3', 7)).toBe(7);
    expect(stepperValue(-1, 2)).toBe(2);
  });
  it('respects the optional maximum', () => {
    expect(stepperValue('150', 0, 100)).toBe(100);
    expect(stepperValue('150', 0)).toBe(150);
    expect(stepperValue('12.5', 0, 100)).toBe(12.5);
  });
});

describe('refund numbers', () => {
  it('take digits with an optional decimal part after a dot', () => {
    expect(isRefundNumber('100')).toBe(true);
    expect(isRefundNumber('2.50')).toBe(true);
    expect(isRefundNumber('2,50')).toBe(false);
    expect(isRefundNumber('-1')).toBe(false);
    expect(isRefundNumber('1.')).toBe(false);
    expect(isRefundNumber('')).toBe(false);
  });
});
