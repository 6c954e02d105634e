import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HoldSweeper, sweepLock } from '../src/modules/booking/requests/sweeper.ts';
import { buildTestApp, secondInstance } from './helpers.ts';

/**
 * The hold sweeper runs one at a time across instances (decision 014): two apps on one
 * PostgreSQL schema, each with its own pool, never sweep at once. SQLite runs one process.
 */
const { app, db, dialect, config } = await buildTestApp();
/** A second schema on the same server (PostgreSQL only). */
const elsewhere = dialect === 'postgres' ? await buildTestApp() : null;

/** A sweep that waits until released, counting how many run at once. */
function gatedSweeps() {
  let running = 0;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { calls: 0, maxConcurrent: 0 };
  const booking = {
    sweep: async () => {
      state.calls++;
      state.maxConcurrent = Math.max(state.maxConcurrent, ++running);
      await gate;
      running--;
      return 1;
    },
  };
  return { booking, state, release: () => release() };
}

const payments = { sweepAbandoned: async () => 0 };

describe.skipIf(dialect !== 'postgres')('hold sweeper lock (postgres, two instances on one schema)', () => {
  let second: Awaited<ReturnType<typeof secondInstance>>;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondInstance({ db, config });
    other = second.app;
  });
  afterAll(async () => {
    await second.close();
  });

  it('while one instance sweeps, the other skips; once it is done the other may sweep', async () => {
    const gated = gatedSweeps();
    const first = new HoldSweeper(gated.booking, payments, app.log, sweepLock(db, 'postgres'));
    const secondSweeper = new HoldSweeper(gated.booking, payments, other.log, sweepLock(second.db, 'postgres'));
    const running = first.runOnce();
    await expect.poll(() => gated.state.calls).toBe(1);
    expect(await secondSweeper.runOnce()).toBe(0); // skipped: the lock is taken
    expect(gated.state.calls).toBe(1);
    gated.release();
    expect(await running).toBe(1);
    expect(await secondSweeper.runOnce()).toBe(1); // released with the first run's transaction
    expect(gated.state).toEqual({ calls: 2, maxConcurrent: 1 });
  });

  it("the apps' own sweepers, started together on an interval, never overlap", async () => {
    const gated = gatedSweeps();
    const sweepers = [app, other, app, other].map((a) => new HoldSweeper(gated.booking, payments, a.log, sweepLock(a.db, 'postgres')));
    let finished = 0;
    const results = Promise.all(sweepers.map((s) => s.runOnce().finally(() => finished++)));
    await expect.poll(() => gated.state.calls).toBe(1);
    // The other three find the lock taken and give up while the first still sweeps (a fixed wait
    // here failed on a busy machine: a sweeper still waiting for its connection took the lock
    // after the first had let it go).
    await expect.poll(() => finished).toBe(3);
    gated.release();
    expect((await results).sort()).toEqual([0, 0, 0, 1]);
    expect(gated.state.maxConcurrent).toBe(1);
    // and the real sweepers of both apps still sweep (the lock is free again)
    expect(await app.services.sweeper.runOnce()).toBe(0);
    expect(await other.services.sweeper.runOnce()).toBe(0);
  });

  it('a run that throws releases the lock', async () => {
    const failing = new HoldSweeper({ sweep: () => Promise.reject(new Error('boom')) }, payments, app.log, sweepLock(db, 'postgres'));
    expect(await failing.runOnce()).toBe(0);
    const gated = gatedSweeps();
    gated.release();
    expect(await new HoldSweeper(gated.booking, payments, other.log, sweepLock(second.db, 'postgres')).runOnce()).toBe(1);
  });

  it('another schema on the same server has a lock of its own', async () => {
    const gated = gatedSweeps();
    const running = new HoldSweeper(gated.booking, payments, app.log, sweepLock(db, 'postgres')).runOnce();
    await expect.poll(() => gated.state.calls).toBe(1);
    const free = gatedSweeps();
    free.release();
    expect(await new HoldSweeper(free.booking, payments, elsewhere!.app.log, sweepLock(elsewhere!.db, 'postgres')).runOnce()).toBe(1);
    gated.release();
    await running;
  });
});
