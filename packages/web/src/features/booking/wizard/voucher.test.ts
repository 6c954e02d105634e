import { voucherAppliedMessages } from '@heliline/domain/booking/coupon';
import { centsToWire } from '@heliline/domain/fares/money';
import { describe, expect, it } from 'vitest';
import { costsOf } from './costs.ts';
import { initialState, wizardReducer } from './state.ts';
import { OWN } from './test-fixtures.ts';

/** Issue 13: a voucher (fixed amount) in the coupon field takes its amount off the tickets, as the server does. */
describe('a voucher in the wizard', () => {
  const journeys = [{ direction: 'd' as const, originId: 1348, destinationId: 1511, date: '2031-03-10' }];
  const paxes = [{ category: 'a' as const, birthDate: '14/03/1985', residence: 'Foggia' }];

  it('keeps its amount in the form', () => {
    const s = wizardReducer(initialState(OWN), { type: 'coupon', code: 'HVABCDEFGHJK', perc: 0, amountCents: 2_500 });
    expect(s.form.coupon).toEqual({ code: 'HVABCDEFGHJK', perc: 0, amountCents: 2_500 });
  });

  it('comes off the tickets only, at most down to zero', () => {
    const plain = costsOf(paxes as never, journeys, 0).totals;
    const some = costsOf(paxes as never, journeys, 0, false, 1_000).totals;
    expect(some.ticketsDiscounted).toBe(plain.ticketsDiscounted - 1_000);
    expect(some.taxes).toBe(plain.taxes);
    const all = costsOf(paxes as never, journeys, 0, false, 1_000_000).totals;
    expect(all.grandTotalDiscounted).toBe(plain.taxes + plain.landingTaxes);
  });

  it('says what the costs take off, not the voucher’s whole value', () => {
    const plain = costsOf(paxes as never, journeys, 0).totals;
    const all = costsOf(paxes as never, journeys, 0, false, 1_000_000).totals;
    const off = centsToWire(plain.ticketsDiscounted - all.ticketsDiscounted);
    expect(off).not.toBe(centsToWire(1_000_000));
    expect(voucherAppliedMessages(plain.tickets, 1_000_000)).toEqual({
      it: `Buono applicato: € ${off} di sconto sui biglietti`,
      en: `Voucher applied: € ${off} off the tickets`,
    });
  });
});
