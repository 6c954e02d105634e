import type { TStoreResponse } from '@heliline/domain';
import { voucherAppliedMessages, voucherSpend } from '@heliline/domain/booking/coupon';
import { BOOKING_TYPE } from '@heliline/domain/booking/payment-types';
import { describe, expect, it } from 'vitest';
import { costsOf } from './costs.ts';
import { emptyInvoice } from './invoice.ts';
import { bookingBody } from './payload.ts';
import { storeOutcome } from './staff.ts';
import { initialState, wizardReducer } from './state.ts';
import { OWN } from './test-fixtures.ts';

/** Issue 51: a voucher in the coupon field pays the whole total up to its balance; the prices stay. */
describe('a voucher in the wizard', () => {
  const journeys = [{ direction: 'd' as const, originId: 1348, destinationId: 1511, date: '2031-03-10' }];
  const paxes = [{ category: 'a' as const, birthDate: '14/03/1985', residence: 'Foggia' }];
  const voucher = { balanceCents: 6_000, validTo: '2031-12-31' };

  it('keeps its balance and last day in the form; the store body sends only its code', () => {
    const s = wizardReducer(initialState(OWN), { type: 'coupon', code: 'HVABCDEFGHJK', perc: 0, voucher });
    expect(s.form.coupon).toEqual({ code: 'HVABCDEFGHJK', perc: 0, voucher });
    const body = bookingBody(s.form, costsOf([], [], 0).totals, emptyInvoice(), { staffDiscounts: false });
    expect(body.form.coupon).toEqual({ code: 'HVABCDEFGHJK', perc: 0 });
  });

  it('is not a discount: the cost table is the same, the voucher pays taxes and landing fees too', () => {
    const { totals } = costsOf(paxes as never, journeys, 0);
    const spend = voucherSpend(totals.grandTotalDiscounted, 1_000_000);
    expect(spend).toMatchObject({ spentCents: totals.grandTotalDiscounted, dueCents: 0 });
    expect(spend.spentCents).toBeGreaterThan(totals.ticketsDiscounted);
  });

  it('says exactly what it pays and what is left', () => {
    const { totals } = costsOf(paxes as never, journeys, 0);
    const spend = voucherSpend(totals.grandTotalDiscounted, voucher.balanceCents);
    expect(spend.spentCents).toBeLessThan(voucher.balanceCents);
    expect(voucherAppliedMessages('HVABCDEFGHJK', spend, voucher.validTo).en).toMatch(/^Voucher HVABCDEFGHJK: €\d+\.\d\d applied, €\d+\.\d\d left until 31\/12\/2031$/);
  });

  it('a booking paid by the voucher alone goes to the receipt, like cash', () => {
    const answer = { status: 'success', type: BOOKING_TYPE.voucher, bank_link: null, bookingCode: 'AB23CD45' } as TStoreResponse;
    expect(storeOutcome(answer, BOOKING_TYPE.voucher, '')).toEqual({ kind: 'status', code: 'AB23CD45' });
  });
});
