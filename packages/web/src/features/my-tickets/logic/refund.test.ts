import { describe, expect, it } from 'vitest';
import { refundOf } from './refund.ts';

const ticket = {
  ticket: 100,
  tax: 10,
  landingFee: 5,
  refundPercText: '100',
  refundFeeText: '0',
  refunded_tax: true,
  refunded_landingFee: true,
  takeOffDate: '20/01/2027',
  takeOffTime: '10:00',
};

describe('refund of a cancelled ticket', () => {
  it('applies staff settings with the domain formula', () => {
    expect(refundOf(ticket, true)).toBe(115);
    expect(refundOf({ ...ticket, refundPercText: '50', refundFeeText: '2.5', refunded_tax: false }, true)).toBe(52.5);
    expect(refundOf({ ...ticket, refundPercText: '5O' }, true)).toBeNull();
  });
  it('applies the policy to a customer by the time left', () => {
    expect(refundOf(ticket, false, new Date('2027-01-01T10:00:00Z'))).toBe(115);
    expect(refundOf(ticket, false, new Date('2027-01-16T10:00:00Z'))).toBe(65);
    expect(refundOf(ticket, false, new Date('2027-01-20T05:00:00Z'))).toBe(15);
  });
});
