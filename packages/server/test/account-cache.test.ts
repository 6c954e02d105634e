import { describe, expect, it } from 'vitest';
import { ReadChanges } from '../src/modules/cache/changes.ts';
import { InProcessBus } from '../src/modules/realtime/bus.ts';
import { AccountCache } from '../src/modules/sessions/account-cache.ts';

/**
 * The cache of account values (decision 028): a session's caller and GET /api/auth/user's
 * answer. Every test first stores a value, so a stale entry would be what lookup returns.
 */
const options = { ttlMs: 10_000, maxEntries: 3 };

function cacheOn(changes = new ReadChanges()) {
  const cache = new AccountCache<string>(changes, options);
  cache.store('a1', 1, 'one', cache.generation, 0);
  cache.store('a1-en', 1, 'one (en)', cache.generation, 0);
  cache.store('b', 2, 'two', cache.generation, 0);
  return { cache, changes };
}

describe('an account value', () => {
  it("is dropped with every other value of its account when the account changes, and no one else's", () => {
    const { cache, changes } = cacheOn();
    changes.accountsChanged([1]);
    expect([cache.lookup('a1', 1), cache.lookup('a1-en', 1), cache.lookup('b', 1)]).toEqual([undefined, undefined, 'two']);
  });

  it('is not dropped by seat or schedule changes', () => {
    const { cache, changes } = cacheOn();
    changes.seatsChanged([7]);
    changes.scheduleChanged();
    expect(cache.lookup('a1', 1)).toBe('one');
  });

  it('ends at the ceiling, or earlier at its own moment (a session that expires)', () => {
    const { cache } = cacheOn();
    expect(cache.lookup('a1', options.ttlMs - 1)).toBe('one');
    expect(cache.lookup('a1', options.ttlMs)).toBeUndefined();
    cache.store('c', 3, 'three', cache.generation, 0, 500);
    expect(cache.lookup('c', 499)).toBe('three');
    expect(cache.lookup('c', 500)).toBeUndefined();
    cache.store('d', 4, 'already over', cache.generation, 600, 500);
    expect(cache.lookup('d', 600)).toBeUndefined();
  });

  it('read before a change of its account and stored after it is not kept; a change of another account does not matter', () => {
    const { cache, changes } = cacheOn();
    const since = cache.generation;
    changes.accountsChanged([1]);
    cache.store('a1', 1, 'read before the change', since, 1);
    expect(cache.lookup('a1', 2)).toBeUndefined();
    cache.store('b2', 2, 'unaffected', since, 1);
    expect(cache.lookup('b2', 2)).toBe('unaffected');
  });

  it('keeps at most maxEntries, the oldest out first', () => {
    const { cache } = cacheOn();
    cache.store('c', 3, 'three', cache.generation, 0);
    expect(cache.size).toBe(options.maxEntries);
    expect(cache.lookup('a1', 1)).toBeUndefined();
    expect(cache.lookup('c', 1)).toBe('three');
  });
});

describe('account changes between instances', () => {
  it("another instance's change arrives over the bus and drops the value; this one's own notice goes out once", async () => {
    const bus = new InProcessBus();
    const here = new ReadChanges();
    const there = new ReadChanges();
    const log = { warn: () => undefined } as never;
    here.connect(bus, log);
    there.connect(bus, log);
    const { cache } = cacheOn(here);
    const sent: unknown[] = [];
    bus.subscribe((event) => sent.push(event.data));
    there.accountsChanged([1, 1]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([{ from: there.instance, legIds: [], schedule: false, userIds: [1] }]);
    expect([cache.lookup('a1', 1), cache.lookup('b', 1)]).toEqual([undefined, 'two']);
  });

  it('a bus that stops hearing drops every value and keeps none until hearing resumes', () => {
    let hearing: (on: boolean) => void = () => {};
    const bus = Object.assign(new InProcessBus(), { onHearing: (listener: (on: boolean) => void) => ((hearing = listener), () => undefined) });
    const changes = new ReadChanges();
    changes.connect(bus, { warn: () => undefined } as never);
    const { cache } = cacheOn(changes);
    hearing(false);
    expect(cache.lookup('b', 1)).toBeUndefined();
    cache.store('b', 2, 'while deaf', cache.generation, 1);
    expect(cache.lookup('b', 2)).toBeUndefined();
    const straddling = cache.generation;
    hearing(true);
    cache.store('b', 2, 'read while deaf, stored after', straddling, 2);
    expect(cache.lookup('b', 3)).toBeUndefined();
    cache.store('b', 2, 'after', cache.generation, 3);
    expect(cache.lookup('b', 4)).toBe('after');
  });
});
