import { describe, expect, it } from 'vitest';
import { type PassableStep, stepBarMove } from './navigation.ts';
import { initialState, type Step, type WizardAction, type WizardState, wizardReducer } from './state.ts';
import { flight, OWN } from './test-fixtures.ts';
import { type CheckContext, checkStep1, checkStep2, checkStep3 } from './validate.ts';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

/** The wizard's own validators (the domain's rules) on a state, as BookingWizard runs them. */
function validatorsOf(state: WizardState) {
  const ctx: CheckContext = {
    lang: 'en',
    user: { gender: 'F', roles: [] },
    today: '2031-07-01',
    now: new Date('2031-07-01T08:00:00Z'),
    departure: state.chosen.departure,
    comeback: state.chosen.comeback,
  };
  const checks = { 1: checkStep1, 2: checkStep2, 3: checkStep3 } as const;
  const validated: Step[] = [];
  const validate = (s: PassableStep) => {
    validated.push(s);
    if (s === 0) return { messages: [], fields: new Set<string>() };
    return checks[s](state.form, ctx);
  };
  return { validate, validated };
}

/**
 * One way Foggia → Tremiti on 10/07/2031 for the account holder and a child born 11/07/2019
 * (11 on the flight date), step 3 complete; the buyer is on step 4.
 */
function onStep4(): WizardState {
  let s = run(
    initialState(OWN),
    { type: 'flightType', value: 'OW' },
    { type: 'patch', patch: { originId: 1348, destinationId: 1511, departureDate: '2031-07-10' } },
    { type: 'count', key: 'children', value: 1, own: OWN },
    { type: 'goto', step: 2 },
    { type: 'selectFlight', leg: 'departure', flight: flight(1, '2031-07-10') },
    { type: 'goto', step: 3 },
  );
  const child = s.form.paxes.find((p) => p.category === 'c')!;
  s = run(
    s,
    {
      type: 'pax',
      uuid: child._uuid,
      patch: { lastname: 'Bianchi', firstname: 'Luca', gender: 'M', birthDate: '11/07/2019', document_type: '1', document_num: 'CA0000001' },
    },
    { type: 'patch', patch: { conditions: true } },
    { type: 'goto', step: 4 },
  );
  return s;
}

describe('step bar moves (spec §4)', () => {
  it('the fixture is a valid booking up to step 3', () => {
    const s = onStep4();
    const { validate } = validatorsOf(s);
    expect([1, 2, 3].map((n) => validate(n as PassableStep).messages)).toEqual([[], [], []]);
  });

  it('backward is always allowed, without validating', () => {
    const s = run(onStep4(), { type: 'patch', patch: { conditions: false } });
    const { validate, validated } = validatorsOf(s);
    expect(stepBarMove(s, 2, validate)).toEqual({ to: 2, failed: null });
    expect(validated).toEqual([]);
  });

  it('the current step and steps beyond the furthest reached do nothing', () => {
    const s = onStep4();
    expect(stepBarMove(s, 4, validatorsOf(s).validate)).toBeNull();
    const back = run(s, { type: 'goto', step: 1 });
    expect(stepBarMove(back, 3, validatorsOf(back).validate)).toBeNull();
  });

  it('a forward jump validates every step in between and reaches the target when all pass', () => {
    const s = run(onStep4(), { type: 'goto', step: 2 });
    const { validate, validated } = validatorsOf(s);
    expect(stepBarMove(s, 4, validate)).toEqual({ to: 4, failed: null });
    expect(validated).toEqual([2, 3]);
  });

  it('after changing the flight on step 2, a jump to step 4 stops on step 3 when its rules now fail', () => {
    // Two days later the child is 12: no longer a child on the flight date.
    const s = run(
      onStep4(),
      { type: 'goto', step: 2 },
      { type: 'patch', patch: { departureDate: '2031-07-12' } },
      { type: 'selectFlight', leg: 'departure', flight: flight(3, '2031-07-12') },
    );
    const { validate, validated } = validatorsOf(s);
    const move = stepBarMove(s, 4, validate);
    expect(move?.to).toBe(3);
    expect(move?.failed?.messages.join(' ')).toMatch(/birth dates are not valid/);
    expect(validated).toEqual([2, 3]);
  });

  it('a jump stops on the current step when it fails itself', () => {
    const s = run(onStep4(), { type: 'goto', step: 2 }, { type: 'selectFlight', leg: 'departure', flight: null });
    const move = stepBarMove(s, 4, validatorsOf(s).validate);
    expect(move?.to).toBe(2);
    expect(move?.failed?.messages.length).toBeGreaterThan(0);
  });
});
