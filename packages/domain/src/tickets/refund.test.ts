import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REFUND_SETTINGS, effectiveRefundSettings, paidTotal, policyRefundSettings, refundCents } from './refund.ts';

const paid = { ticketCents: 3175, taxCents: 1391, landingFeeCents: 250 };
const H = 3_600_000;

describe('refund formula (spec §5)', () => {
  it('defaults refund everything that was paid', () => {
    expect(refundCents(paid, DEFAULT_REFUND_SETTINGS)).toBe(4816);
  });

  it('ticket minus the retention percentage, plus tax and landing fee when flagged, minus the fee', () => {
    // 31.75 × 60 % = 19.05 (retained 12.70), + 13.91 tax, no landing fee, − 5.00 fee
    expect(refundCents(paid, { percent: 60, feeCents: 500, tax: true, landingFee: false })).toBe(1905 + 1391 - 500);
    expect(refundCents(paid, { percent: 0, feeCents: 0, tax: false, landingFee: true })).toBe(250);
  });

  it('a fee larger than the refund gives 0, never a negative refund', () => {
    expect(refundCents(paid, { percent: 0, feeCents: 100_000, tax: false, landingFee: false })).toBe(0);
  });
});

const settings = fc.record({
  percent: fc.oneof(fc.double({ min: -50, max: 200, noNaN: true }), fc.integer({ min: 0, max: 100 })),
  feeCents: fc.oneof(fc.integer({ min: -1000, max: 20_000 }), fc.double({ noNaN: false })),
  tax: fc.boolean(),
  landingFee: fc.boolean(),
});
const paidTicket = fc.record({
  ticketCents: fc.integer({ min: 0, max: 1_000_000 }),
  taxCents: fc.integer({ min: 0, max: 100_000 }),
  landingFeeCents: fc.integer({ min: 0, max: 1_000 }),
});

describe('refund properties', () => {
  it('is never negative and never more than was paid, an integer number of cents', () => {
    fc.assert(
      fc.property(paidTicket, settings, (p, s) => {
        const r = refundCents(p, s);
        expect(Number.isInteger(r)).toBe(true);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(paidTotal(p));
      }),
    );
  });

  it('a higher refund percentage never refunds less', () => {
    fc.assert(
      fc.property(paidTicket, settings, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (p, s, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const fee = Number.isFinite(s.feeCents) ? s.feeCents : 0;
        expect(refundCents(p, { ...s, feeCents: fee, percent: lo })).toBeLessThanOrEqual(refundCents(p, { ...s, feeCents: fee, percent: hi }));
      }),
    );
  });
});

describe('refund policy for customers', () => {
  const takeOff = new Date('2026-08-10T08:00:00Z');
  it('by time before take-off: 7 days → 100 %, 72 h → 50 %, less → 0 %; fees always refunded, no retention fee', () => {
    expect(policyRefundSettings(takeOff, new Date(takeOff.getTime() - 7 * 24 * H))).toEqual({ percent: 100, feeCents: 0, tax: true, landingFee: true });
    expect(policyRefundSettings(takeOff, new Date(takeOff.getTime() - 7 * 24 * H + 1)).percent).toBe(50);
    expect(policyRefundSettings(takeOff, new Date(takeOff.getTime() - 72 * H)).percent).toBe(50);
    expect(policyRefundSettings(takeOff, new Date(takeOff.getTime() - 71 * H)).percent).toBe(0);
  });

  it("a customer's settings are the policy's whatever they send; staff set them freely", () => {
    const now = new Date(takeOff.getTime() - 100 * H);
    const asked = { percent: 100, feeCents: 0, tax: true, landingFee: true };
    expect(effectiveRefundSettings([], asked, takeOff, now).percent).toBe(50);
    expect(effectiveRefundSettings(['Prenota'], asked, takeOff, now).percent).toBe(50);
    for (const role of ['Admin', 'Prenotazioni', 'PrenotaFull']) {
      expect(effectiveRefundSettings([role], { percent: 80, feeCents: 200 }, takeOff, now)).toEqual({ percent: 80, feeCents: 200, tax: true, landingFee: true });
    }
  });
});
