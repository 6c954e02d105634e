import { describe, expect, it } from 'vitest';
import { initialState, type WizardAction, type WizardState, wizardReducer } from './state.ts';
import { flight, OWN } from './test-fixtures.ts';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

/** A round trip Foggia → Tremiti with both flights chosen, on step 2 (reached 2). */
function onStep2(): WizardState {
  return run(
    initialState(OWN),
    { type: 'patch', patch: { originId: 1348, destinationId: 1511, departureDate: '2031-07-10', comebackDate: '2031-07-12' } },
    { type: 'goto', step: 2 },
    { type: 'selectFlight', leg: 'departure', flight: flight(1, '2031-07-10') },
    { type: 'selectFlight', leg: 'comeback', flight: flight(2, '2031-07-12') },
  );
}

describe('wizard reducer (spec §4)', () => {
  it('a one-way trip clears the return date and the return flight', () => {
    const s = run(onStep2(), { type: 'flightType', value: 'OW' });
    expect(s.form.flightType).toBe('OW');
    expect(s.form.comebackDate).toBeNull();
    expect(s.form.comebackFlightId).toBeNull();
    expect(s.chosen.comeback).toBeUndefined();
    expect(s.form.departureFlightId).toBe(1);
    // back to round trip: the return date has to be chosen again
    expect(run(s, { type: 'flightType', value: 'DW' }).form.comebackDate).toBeNull();
  });

  it('going back to step 1 clears the chosen flights and the steps reached', () => {
    const s = onStep2();
    expect(s.form.departureFlightId).toBe(1);
    const back = run(s, { type: 'goto', step: 1 });
    expect(back.form.departureFlightId).toBeNull();
    expect(back.form.comebackFlightId).toBeNull();
    expect(back.chosen).toEqual({});
    expect(back.reached).toBe(1);
    // the route and dates stay
    expect(back.form.departureDate).toBe('2031-07-10');
  });

  it('entering step 3 resets the coupon and its discount; going back from 4 to 3 too', () => {
    const on4 = run(onStep2(), { type: 'goto', step: 3 }, { type: 'goto', step: 4 }, { type: 'coupon', code: 'HELI10', perc: 10 });
    expect(on4.form.coupon).toEqual({ code: 'HELI10', perc: 10 });
    expect(run(on4, { type: 'goto', step: 3 }).form.coupon).toEqual({ code: '', perc: 0 });
  });

  it('a forward jump from step 2 to 4 passes through step 3: the coupon is reset', () => {
    const on4 = run(onStep2(), { type: 'goto', step: 3 }, { type: 'goto', step: 4 }, { type: 'coupon', code: 'HELI10', perc: 10 });
    const jumped = run(on4, { type: 'goto', step: 2 }, { type: 'goto', step: 4 });
    expect(jumped.step).toBe(4);
    expect(jumped.form.coupon).toEqual({ code: '', perc: 0 });
  });

  it('entering step 4 copies the contact e-mail into the payment-link e-mail', () => {
    const s = run(onStep2(), { type: 'goto', step: 3 }, { type: 'contacts', patch: { email: 'office@example.test' } });
    expect(s.form.contacts.email_payment_link).toBe('');
    expect(run(s, { type: 'goto', step: 4 }).form.contacts.email_payment_link).toBe('office@example.test');
  });

  it('the pregnant flag resets when no woman is left', () => {
    const man = { ...OWN, gender: 'M' as const };
    let s = run(initialState(man), { type: 'count', key: 'women', value: 1, own: man }, { type: 'patch', patch: { pregnant: true } });
    expect(s.form.pregnant).toBe(true);
    s = run(s, { type: 'count', key: 'men', value: 2, own: man });
    expect(s.form.pregnant).toBe(true);
    s = run(s, { type: 'count', key: 'women', value: 0, own: man });
    expect(s.form.pregnant).toBe(false);
  });

  it('never moves beyond the step after the furthest reached', () => {
    const s = initialState(OWN);
    expect(run(s, { type: 'goto', step: 3 })).toBe(s);
  });

  it('failed coupon attempts rise, take the server count when higher, and survive leaving step 4', () => {
    let s = run(onStep2(), { type: 'goto', step: 3 }, { type: 'goto', step: 4 }, { type: 'couponFailed', att: 1 });
    expect(s.couponFailures).toBe(1);
    s = run(s, { type: 'couponFailed' });
    expect(s.couponFailures).toBe(2);
    s = run(s, { type: 'goto', step: 3 }, { type: 'goto', step: 4 });
    expect(s.couponFailures).toBe(2);
    expect(run(s, { type: 'couponFailed', att: 3 }).couponFailures).toBe(3);
  });

  it("the account holder's passenger carries the profile id; new passengers get negative ids", () => {
    const s = run(initialState(OWN), { type: 'count', key: 'men', value: 1, own: OWN }, { type: 'count', key: 'children', value: 1, own: OWN });
    expect(s.form.paxes.map((p) => [p.id, p.category, p.gender, !!p.own])).toEqual([
      [42, 'a', 'F', true],
      [-2, 'a', 'M', false],
      [-3, 'c', '', false],
    ]);
  });
});
