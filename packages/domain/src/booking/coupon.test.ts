import { describe, expect, it } from 'vitest';
import { BOOKING_TYPE } from './payment-types.ts';
import { voucherAppliedMessages, voucherLeftMessages, voucherPaymentIssue, voucherSpend } from './coupon.ts';
import { computeTotals } from './totals.ts';

describe('voucherSpend', () => {
  it('pays the whole total up to its balance; the rest stays on the voucher', () => {
    expect(voucherSpend(4_000, 6_000)).toEqual({ spentCents: 4_000, dueCents: 0, leftCents: 2_000 });
    expect(voucherSpend(13_000, 6_000)).toEqual({ spentCents: 6_000, dueCents: 7_000, leftCents: 0 });
    expect(voucherSpend(6_000, 6_000)).toEqual({ spentCents: 6_000, dueCents: 0, leftCents: 0 });
  });

  it('never spends a negative amount', () => {
    expect(voucherSpend(5_000, -10)).toEqual({ spentCents: 0, dueCents: 5_000, leftCents: 0 });
    expect(voucherSpend(-1, 2_000)).toEqual({ spentCents: 0, dueCents: 0, leftCents: 2_000 });
  });

  it('counts the taxes and landing fees, after a percentage coupon: the total the buyer owes', () => {
    const input = {
      paxes: [{ category: 'a' as const, birthDate: '14/03/1985', residence: 'Foggia' }],
      journeys: [{ direction: 'd' as const, originId: 1348, destinationId: 1511, date: '2027-03-10' }],
    };
    const { totals } = computeTotals({ ...input, couponPerc: 10 });
    expect(totals.taxes + totals.landingTaxes).toBeGreaterThan(0);
    const spend = voucherSpend(totals.grandTotalDiscounted, 1_000_000);
    expect(spend.spentCents).toBe(totals.grandTotalDiscounted);
    expect(spend.spentCents).toBeGreaterThan(totals.ticketsDiscounted);
  });
});

describe('voucherPaymentIssue', () => {
  const all = voucherSpend(4_000, 6_000);
  const part = voucherSpend(13_000, 6_000);
  it('a voucher covering everything is the only payment: no card, payment link or cash', () => {
    expect(voucherPaymentIssue(BOOKING_TYPE.voucher, all)).toBeNull();
    expect(voucherPaymentIssue(BOOKING_TYPE.card, all)).toBe('voucherCoversAll');
    expect(voucherPaymentIssue(BOOKING_TYPE.cash, all)).toBe('voucherCoversAll');
  });
  it('a voucher covering part leaves the rest to the card (or the staff types)', () => {
    expect(voucherPaymentIssue(BOOKING_TYPE.card, part)).toBeNull();
    expect(voucherPaymentIssue(BOOKING_TYPE.paymentLink, part)).toBeNull();
    expect(voucherPaymentIssue(BOOKING_TYPE.voucher, part)).toBe('voucherDoesNotCover');
    expect(voucherPaymentIssue(BOOKING_TYPE.voucher, null)).toBe('voucherDoesNotCover');
    expect(voucherPaymentIssue(BOOKING_TYPE.card, null)).toBeNull();
  });
});

describe('voucherAppliedMessages', () => {
  it('says exactly what was applied and what is left until when', () => {
    expect(voucherAppliedMessages('HVABCD', voucherSpend(4_000, 6_000), '2027-12-31')).toEqual({
      it: 'Buono HVABCD: 40,00\u00a0€ applicati, 20,00\u00a0€ residui fino al 31/12/2027',
      en: 'Voucher HVABCD: €40.00 applied, €20.00 left until 31/12/2027',
    });
  });

  it('says nothing is left when the booking spends it all', () => {
    expect(voucherAppliedMessages('HVABCD', voucherSpend(13_000, 6_000), '2027-12-31')).toEqual({
      it: 'Buono HVABCD: 60,00\u00a0€ applicati, nessun residuo',
      en: 'Voucher HVABCD: €60.00 applied, nothing left on it',
    });
  });
});

describe('voucherLeftMessages', () => {
  it('tells its holder what is left and until when, or that it is used up', () => {
    expect(voucherLeftMessages(2_000, '2027-12-31')).toEqual({
      it: 'Sul buono restano 20,00\u00a0€, da usare entro il 31/12/2027',
      en: '€20.00 left on the voucher, to use by 31/12/2027',
    });
    expect(voucherLeftMessages(0, '2027-12-31')).toEqual({ it: 'Il buono è stato usato tutto', en: 'The voucher has been used up' });
  });
});
