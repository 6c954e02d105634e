import { describe, expect, it } from 'vitest';
import { SHORT_LEG_TTL_MS, ShortLegs } from '../src/modules/inventory/short-legs.ts';

/** The sold-out memo (decision 030), with a clock the test moves. */
function memo() {
  let now = 1_000_000;
  const legs = new ShortLegs(() => now);
  return { legs, pass: (ms: number) => (now += ms) };
}

const need = (legId: number, seats: number) => [{ legId, seats }];

describe('ShortLegs: legs known to lack seats', () => {
  it('a refused leg refuses the same or a larger need, not a smaller one, and no other leg', () => {
    const { legs } = memo();
    legs.remember(7, 2, legs.generation);
    expect(legs.lacksSeats(need(7, 2))).toBe(true);
    expect(legs.lacksSeats(need(7, 3))).toBe(true);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
    expect(legs.lacksSeats(need(8, 1))).toBe(false);
    expect(legs.lacksSeats([...need(8, 1), ...need(7, 2)])).toBe(true);
  });

  it("is forgotten by this instance's committed change of its seats, not by changes of other legs", () => {
    const { legs } = memo();
    legs.remember(7, 1, legs.generation);
    legs.seatsChanged([8]);
    expect(legs.lacksSeats(need(7, 1))).toBe(true);
    legs.seatsChanged([7]);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
  });

  it('a refusal from a take that started before a change is not trusted (it may not have seen it)', () => {
    const { legs } = memo();
    const startedAt = legs.generation;
    legs.seatsChanged([7]); // e.g. a seat given back while the take was queued
    legs.remember(7, 1, startedAt);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
  });

  it(`is trusted ${SHORT_LEG_TTL_MS} ms at most: seats given back on another instance are not heard of here`, () => {
    const { legs, pass } = memo();
    legs.remember(7, 1, legs.generation);
    pass(SHORT_LEG_TTL_MS);
    expect(legs.lacksSeats(need(7, 1))).toBe(true);
    pass(1);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
  });

  it('two refusals from the same generation keep the smaller need; an older refusal does not replace a newer one', () => {
    const { legs } = memo();
    const g = legs.generation;
    legs.remember(7, 3, g);
    legs.remember(7, 1, g);
    expect(legs.lacksSeats(need(7, 1))).toBe(true);

    legs.seatsChanged([9]);
    legs.remember(7, 2, legs.generation);
    legs.remember(7, 1, g);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
    expect(legs.lacksSeats(need(7, 2))).toBe(true);
  });
});
