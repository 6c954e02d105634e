import { ZBookingStoreBody } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { costsOf } from './costs.ts';
import { emptyInvoice } from './invoice.ts';
import { bookingBody } from './payload.ts';
import { initialState, type WizardAction, type WizardState, wizardReducer } from './state.ts';
import { flight, OWN } from './test-fixtures.ts';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

/** Round trip for the account holder and a new adult man, ready to buy. */
function ready(): WizardState {
  let s = run(
    initialState(OWN),
    { type: 'patch', patch: { originId: 1348, destinationId: 1511, departureDate: '2031-07-10', comebackDate: '2031-07-12', conditions: true } },
    { type: 'count', key: 'men', value: 1, own: OWN },
    { type: 'goto', step: 2 },
    { type: 'selectFlight', leg: 'departure', flight: flight(1, '2031-07-10') },
    { type: 'selectFlight', leg: 'comeback', flight: flight(2, '2031-07-12') },
    { type: 'goto', step: 3 },
  );
  const man = s.form.paxes.find((p) => !p.own)!;
  s = run(s, {
    type: 'pax',
    uuid: man._uuid,
    patch: { lastname: ' Rossi ', firstname: 'Marco', birthDate: '02/05/1980', document_type: '1', document_num: 'CA11223AB' },
  });
  return run(s, { type: 'goto', step: 4 });
}

const bodyOf = (s: WizardState, staffDiscounts = false) => {
  const { totals } = costsOf(s.form.paxes, [], s.form.coupon.perc);
  return bookingBody(s.form, totals, emptyInvoice(), { staffDiscounts });
};

describe('store payload (spec §7)', () => {
  it("sends the account holder's passenger with its profile id and without names or gender (§5 Other)", () => {
    const [own, other] = bodyOf(ready()).form.paxes;
    expect(own).toMatchObject({ id: 42, category: 'a', birthDate: '14/03/1988', document_num: 'CA12345BD' });
    expect(own).not.toHaveProperty('lastname');
    expect(own).not.toHaveProperty('firstname');
    expect(own).not.toHaveProperty('gender');
    expect(other).toMatchObject({ category: 'a', lastname: 'Rossi', firstname: 'Marco', gender: 'M' });
    expect(other!.id).toBeLessThan(0);
  });

  it('is a store body the domain schema accepts', () => {
    const parsed = ZBookingStoreBody.safeParse(bodyOf(ready()));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.type).toBe(1);
    expect(parsed.data?.bookingChannel).toBe('WEB');
  });

  it('exemption and dsc only for the staff roles that set them', () => {
    expect(bodyOf(ready()).form.paxes.some((p) => 'dsc' in p || 'exemption' in p)).toBe(false);
    expect(bodyOf(ready(), true).form.paxes.every((p) => p.dsc === 0 && p.exemption === false)).toBe(true);
  });

  it('a one-way body carries no return date or flight', () => {
    const s = run(ready(), { type: 'goto', step: 1 }, { type: 'flightType', value: 'OW' });
    const { form } = bodyOf(s);
    expect(form.flightType).toBe('OW');
    expect(form.comebackDate).toBeNull();
    expect(form.comebackFlightId).toBeNull();
  });

  it('the payment-link e-mail is the contact e-mail copied on entering step 4', () => {
    expect(bodyOf(ready()).form.contacts).toEqual({ email: 'giulia@example.test', telephone: '+39 0884 700100', email_payment_link: 'giulia@example.test' });
  });
});
