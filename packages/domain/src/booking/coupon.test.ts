import { describe, expect, it } from 'vitest';
import { voucherAppliedMessages } from './coupon.ts';

describe('voucherAppliedMessages', () => {
  it('states what comes off the tickets: the whole voucher when the fares cost more', () => {
    expect(voucherAppliedMessages(12_000, 2_500)).toEqual({
      it: 'Buono applicato: € 25.00 di sconto sui biglietti',
      en: 'Voucher applied: € 25.00 off the tickets',
    });
  });

  it('only the fares when the voucher is worth more (taxes are still paid)', () => {
    expect(voucherAppliedMessages(4_000, 25_000)).toEqual({
      it: 'Buono applicato: € 40.00 di sconto sui biglietti',
      en: 'Voucher applied: € 40.00 off the tickets',
    });
  });
});
