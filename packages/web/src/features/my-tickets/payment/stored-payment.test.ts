import { describe, expect, it } from 'vitest';
import { deadlineFrom, isInstrumentDeclined, paypalReturnOf, pollDone } from './stored-payment.ts';

describe('payment helpers', () => {
  it('read the PayPal return address', () => {
    expect(paypalReturnOf(new URLSearchParams('paypal=approved&bookingRequestUuid=u1&token=O1'))).toEqual({
      outcome: 'approved',
      bookingRequestUuid: 'u1',
      orderId: 'O1',
    });
    expect(paypalReturnOf(new URLSearchParams('paypal=cancelled&bookingRequestUuid=u1'))).toEqual({ outcome: 'cancelled', bookingRequestUuid: 'u1', orderId: null });
    expect(paypalReturnOf(new URLSearchParams('paypal=maybe&bookingRequestUuid=u1'))).toBeNull();
    expect(paypalReturnOf(new URLSearchParams(''))).toBeNull();
  });
  it('give 10 minutes when the server sends no deadline', () => {
    expect(deadlineFrom(null, Date.UTC(2027, 0, 1, 10, 0, 0))).toBe('2027-01-01T10:10:00.000Z');
    expect(deadlineFrom('2027-01-01T10:05:00.000Z')).toBe('2027-01-01T10:05:00.000Z');
  });
  it('spot a declined instrument', () => {
    expect(isInstrumentDeclined({ status: 'INSTRUMENT_DECLINED' })).toBe(true);
    expect(isInstrumentDeclined({ details: [{ issue: 'INSTRUMENT_DECLINED' }] })).toBe(true);
    expect(isInstrumentDeclined({ status: 'COMPLETED' })).toBe(false);
  });
  it('stop polling when done, failed or expired', () => {
    expect(pollDone({ status: true, type: 1, state: 'ticketed' })).toBe(true);
    expect(pollDone({ status: true, type: -1, state: 'ticketed' })).toBe(true);
    expect(pollDone({ status: true, type: 0, state: 'paying' })).toBe(false);
    expect(pollDone({ status: false, type: 1, state: 'paying' })).toBe(false);
    expect(pollDone({ status: false, type: 1, state: 'failed' })).toBe(true);
    expect(pollDone(undefined)).toBe(false);
  });
});
