import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_THROTTLES } from '../src/modules/throttle/limits.ts';
import { ThrottleService } from '../src/modules/throttle/service.ts';
import { uniqueEmail } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

describe('per-account throttle (throttles table)', async () => {
  const { db } = await buildTestApp();
  const throttle = new ThrottleService(db);
  const { max, windowMs } = ACCOUNT_THROTTLES.loginFailures;
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts hits in a fixed window and limits past the maximum', async () => {
    const email = uniqueEmail();
    for (let i = 1; i <= max; i++) {
      const state = await throttle.hit('loginFailures', email);
      expect(state).toMatchObject({ hits: i, limited: false });
    }
    expect(await throttle.exhausted('loginFailures', email)).toBe(true);
    const over = await throttle.hit('loginFailures', email);
    expect(over).toMatchObject({ hits: max + 1, limited: true });
    expect(over.retryAfter).toBeGreaterThan(windowMs / 1000 - 60);
    // other names and subjects are separate counters
    expect(await throttle.exhausted('passwordResetRequests', email)).toBe(false);
    expect(await throttle.exhausted('loginFailures', uniqueEmail())).toBe(false);
  });

  it('stores no e-mail address and ignores its case', async () => {
    const email = uniqueEmail('Case');
    await throttle.hit('verificationResends', email);
    await throttle.hit('verificationResends', email.toUpperCase());
    const rows = await db.selectFrom('throttles').selectAll().execute();
    expect(rows.some((r) => r.key.includes('@'))).toBe(false);
    expect(rows.filter((r) => r.key.startsWith('verificationResends:') && r.hits === 2)).toHaveLength(1);
  });

  it('starts a new window when the old one is over, and clears on demand', async () => {
    const email = uniqueEmail();
    for (let i = 0; i <= max; i++) await throttle.hit('loginFailures', email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + windowMs);
    expect(await throttle.exhausted('loginFailures', email)).toBe(false);
    expect(await throttle.hit('loginFailures', email)).toMatchObject({ hits: 1, limited: false });
    await throttle.clear('loginFailures', email);
    expect(await throttle.hit('loginFailures', email)).toMatchObject({ hits: 1 });
  });

  it('loses no hit when many arrive at once', async () => {
    const email = uniqueEmail();
    const states = await Promise.all(Array.from({ length: 20 }, () => throttle.hit('loginFailures', email)));
    expect(states.map((s) => s.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('prunes counters of windows long over', async () => {
    // A hit prunes by itself now and then (1 in 100): not during this test, whose prune() is the one under test.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const old = uniqueEmail();
    await throttle.hit('loginFailures', old);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Pruning keeps anything the longest window could still need.
    const longest = Math.max(...Object.values(ACCOUNT_THROTTLES).map((t) => t.windowMs));
    vi.setSystemTime(Date.now() + longest + 1000);
    const fresh = uniqueEmail();
    await throttle.hit('loginFailures', fresh);
    const cutoff = new Date(Date.now() - longest).toISOString();
    const stale = () => db.selectFrom('throttles').select('key').where('window_start', '<', cutoff).execute();
    expect((await stale()).length).toBeGreaterThan(0);
    const current = await db.selectFrom('throttles').select('key').where('window_start', '>=', cutoff).execute();
    await throttle.prune();
    expect(await stale()).toHaveLength(0);
    expect(await db.selectFrom('throttles').select('key').where('window_start', '>=', cutoff).execute()).toEqual(current);
    expect((await throttle.hit('loginFailures', fresh)).hits).toBe(2);
  });
});
