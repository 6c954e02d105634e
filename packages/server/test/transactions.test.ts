import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/database.ts';
import { afterCommit, Transactions } from '../src/db/transaction.ts';
import { createUser } from './accounts-support.ts';
import { createFlight, insertBareRequest } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';

const { db, dialect } = await buildTestApp();
const transactions = new Transactions({ db, dialect });
const user = await createUser(db);
const flight = await createFlight(db, { seats: 2 });

class Refused extends Error {}
const requestCount = async () => Number((await db.selectFrom('booking_requests').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const insertRequest = (trx: unknown) => insertBareRequest(trx as typeof db, user.id, flight.flightId);

/** Every statement a Transactions on `db` sends, in order (BEGIN and COMMIT included). */
function recordingTransactions(timeouts?: ConstructorParameters<typeof Transactions>[1]) {
  const sent: string[] = [];
  const recorded = db.withPlugin({
    transformQuery: (args) => {
      sent.push(db.getExecutor().compileQuery(args.node, args.queryId).sql.trim().toLowerCase());
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { sent, recorded: new Transactions({ db: recorded, dialect }, timeouts) };
}

describe(`Transactions.run: one transaction per call (${dialect})`, () => {
  it('callers at the same time each get a BEGIN … COMMIT of their own, with no savepoints', async () => {
    const { sent, recorded } = recordingTransactions();
    const before = await requestCount();
    await Promise.all(Array.from({ length: 3 }, () => recorded.run(insertRequest)));
    expect(await requestCount()).toBe(before + 3);
    const begin = dialect === 'sqlite' ? 'begin immediate' : 'begin; set local lock_timeout = 5000; set local statement_timeout = 15000';
    expect(sent.filter((s) => s.startsWith('begin'))).toEqual(Array(3).fill(begin));
    expect(sent.filter((s) => s === 'commit')).toHaveLength(3);
    expect(sent.filter((s) => /savepoint|release/.test(s))).toEqual([]);
    // SQLite's one connection runs them one after another.
    if (dialect === 'sqlite')
      expect(sent.filter((s) => !s.startsWith('insert'))).toEqual(['begin immediate', 'commit', 'begin immediate', 'commit', 'begin immediate', 'commit']);
  });

  it('each caller commits or fails alone: a failure undoes only its own writes and commit hooks', async () => {
    const before = await requestCount();
    const hooks: number[] = [];
    const caller = (i: number) =>
      transactions.run(async (trx) => {
        await insertRequest(trx);
        afterCommit(trx, () => hooks.push(i));
        if (i === 1) throw new Refused();
        return i;
      });
    const outcomes = await Promise.allSettled([0, 1, 2].map(caller));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'refused'))).toEqual([0, 'refused', 2]);
    expect(await requestCount()).toBe(before + 2);
    expect(hooks.sort()).toEqual([0, 2]);
  });

  it('commit hooks run after the commit, outside the transaction: they may use the root handle', async () => {
    let seen: number | undefined;
    let hookDone!: Promise<void>;
    await transactions.run(async (trx) => {
      await insertRequest(trx);
      afterCommit(trx, () => {
        hookDone = requestCount().then((n) => void (seen = n));
      });
    });
    await hookDone;
    expect(seen).toBe(await requestCount());
  });
});

describe(`Transactions.run refuses what would wait forever or escape the transaction (${dialect})`, () => {
  it('run inside a running transaction throws at once with a clear message, and the outer work is rolled back', async () => {
    const before = await requestCount();
    const started = Date.now();
    await expect(
      transactions.run(async (trx) => {
        await insertRequest(trx);
        await transactions.run(insertRequest);
      }),
    ).rejects.toThrow('Transactions.run inside a running transaction: pass its trx to the inner work instead');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await requestCount()).toBe(before);
  });

  it('a statement on the root db inside a transaction throws at once; the transaction’s own handle works', async () => {
    const before = await requestCount();
    const started = Date.now();
    await expect(
      transactions.run(async (trx) => {
        await insertRequest(trx);
        await db.selectFrom('flights').select('id').execute();
      }),
    ).rejects.toThrow('a statement on the root database handle inside Transactions.run: use the transaction handle (trx) the work was given');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await requestCount()).toBe(before);
    // Nothing is left holding the connection: the next writer commits.
    await transactions.run(insertRequest);
    expect(await requestCount()).toBe(before + 1);
  });

  it('work a transaction started and left running may use the root db once it has ended', async () => {
    let later!: Promise<number>;
    await transactions.run(async (trx) => {
      await insertRequest(trx);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => requestCount());
    });
    await expect(later).resolves.toBeGreaterThan(0);
  });
});

describe.runIf(dialect === 'postgres')('Transactions.run on PostgreSQL: bounded waits', () => {
  const setting = async (trx: unknown, name: 'lock_timeout' | 'statement_timeout') =>
    (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(trx as typeof db)).rows[0]!.value;

  it('sets lock_timeout and statement_timeout for the transaction only', async () => {
    const custom = new Transactions({ db, dialect }, { lockTimeoutMs: 1_234, statementTimeoutMs: 5_678 });
    expect(await custom.run(async (trx) => [await setting(trx, 'lock_timeout'), await setting(trx, 'statement_timeout')])).toEqual(['1234ms', '5678ms']);
    // Every connection of the pool, whichever ran the transaction above.
    const outside = await Promise.all(Array.from({ length: 12 }, () => db.connection().execute((conn) => setting(conn, 'lock_timeout'))));
    expect(new Set(outside)).toEqual(new Set(['0']));
  });

  it('a lock held past lock_timeout fails the transaction with 55P03, rolled back, answered as "database unavailable" (503)', async () => {
    const custom = new Transactions({ db, dialect }, { lockTimeoutMs: 200, statementTimeoutMs: 15_000 });
    const before = await requestCount();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = transactions.run(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('test:lock-timeout'))`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const err = await custom
      .run(async (trx) => {
        await insertRequest(trx);
        await sql`select pg_advisory_xact_lock(hashtext('test:lock-timeout'))`.execute(trx);
      })
      .catch((e: unknown) => e);
    release();
    await holder;
    expect(err).toMatchObject({ code: '55P03' });
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(await requestCount()).toBe(before);
  });

  it('a statement past statement_timeout fails with 57014, answered as "database unavailable" (503)', async () => {
    const custom = new Transactions({ db, dialect }, { lockTimeoutMs: 5_000, statementTimeoutMs: 100 });
    const err = await custom.run((trx) => sql`select pg_sleep(2)`.execute(trx)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '57014' });
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});
