import { describe, expect, it } from 'vitest';
import { ReadChanges } from '../src/modules/cache/changes.ts';
import { SHORT_LEG_TTL_MS, ShortLegs } from '../src/modules/inventory/short-legs.ts';
import { InProcessBus } from '../src/modules/realtime/bus.ts';

/** The sold-out memo (decision 030) on the real committed-change log, with a clock the test moves. */
function memo() {
  const changes = new ReadChanges();
  let now = 1_000_000;
  const legs = new ShortLegs(changes, () => now);
  return { changes, legs, pass: (ms: number) => (now += ms) };
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

  it('is forgotten by any committed change of its seats or of the schedule, not by changes of other legs or accounts', () => {
    const { changes, legs } = memo();
    legs.remember(7, 1, legs.generation);
    changes.seatsChanged([8]);
    changes.accountsChanged([1]);
    expect(legs.lacksSeats(need(7, 1))).toBe(true);
    changes.seatsChanged([7]);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);

    legs.remember(7, 1, legs.generation);
    changes.scheduleChanged();
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
  });

  it('a refusal from a take that started before a change is not trusted (it may not have seen it)', () => {
    const { changes, legs } = memo();
    const startedAt = legs.generation;
    changes.seatsChanged([7]); // e.g. a seat given back while the take was queued
    legs.remember(7, 1, startedAt);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
  });

  it(`is trusted ${SHORT_LEG_TTL_MS} ms at most, for writers that tell nobody`, () => {
    const { legs, pass } = memo();
    legs.remember(7, 1, legs.generation);
    pass(SHORT_LEG_TTL_MS);
    expect(legs.lacksSeats(need(7, 1))).toBe(true);
    pass(1);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
  });

  it("hears another instance's change over the bus, and trusts nothing while the bus is deaf", async () => {
    let hearing: (on: boolean) => void = () => {};
    const bus = Object.assign(new InProcessBus(), { onHearing: (listener: (on: boolean) => void) => ((hearing = listener), () => undefined) });
    const here = new ReadChanges();
    const there = new ReadChanges();
    const log = { warn: () => undefined } as never;
    there.connect(bus, log);
    here.connect(bus, log); // last: the bus's one hearing listener is this instance's
    const legs = new ShortLegs(here);
    legs.remember(7, 1, legs.generation);
    there.seatsChanged([7]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(legs.lacksSeats(need(7, 1))).toBe(false);

    legs.remember(7, 1, legs.generation);
    hearing(false);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
  });

  it('two refusals from the same generation keep the smaller need; an older refusal does not replace a newer one', () => {
    const { changes, legs } = memo();
    const g = legs.generation;
    legs.remember(7, 3, g);
    legs.remember(7, 1, g);
    expect(legs.lacksSeats(need(7, 1))).toBe(true);

    changes.seatsChanged([9]);
    legs.remember(7, 2, legs.generation);
    legs.remember(7, 1, g);
    expect(legs.lacksSeats(need(7, 1))).toBe(false);
    expect(legs.lacksSeats(need(7, 2))).toBe(true);
  });
});
