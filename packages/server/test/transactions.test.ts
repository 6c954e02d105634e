import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { afterCommit, MAX_GROUP, Transactions } from '../src/db/transaction.ts';
import { createUser } from './accounts-support.ts';
import { createFlight, insertBareRequest } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';

const { db, dialect } = await buildTestApp();
const transactions = new Transactions({ db, dialect });
const user = await createUser(db);
const flight = await createFlight(db, { seats: 2 });

class Refused extends Error {}
const requestCount = async () => Number((await db.selectFrom('booking_requests').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe(`Transactions.run with a first check (${dialect})`, () => {
  it('a check that refuses: the work never runs, nothing is written, the connection is free again', async () => {
    let ran = false;
    await expect(
      transactions.run(
        async () => {
          ran = true;
        },
        {
          first: () => {
            throw new Refused();
          },
        },
      ),
    ).rejects.toThrow(Refused);
    expect(ran).toBe(false);
    expect(await transactions.run(async (trx) => (await trx.selectFrom('flights').select('id').limit(1).execute()).length)).toBe(1);
  });

  it('a check that passes: commit, rollback and the commit hooks behave as without it', async () => {
    const before = await requestCount();
    const committed: string[] = [];
    await transactions.run(
      async (trx) => {
        await insertBareRequest(trx as typeof db, user.id, flight.flightId);
        afterCommit(trx, () => committed.push('kept'));
      },
      { first: () => undefined },
    );
    await expect(
      transactions.run(
        async (trx) => {
          await insertBareRequest(trx as typeof db, user.id, flight.flightId);
          afterCommit(trx, () => committed.push('undone'));
          throw new Refused();
        },
        { first: () => undefined },
      ),
    ).rejects.toThrow(Refused);
    expect(await requestCount()).toBe(before + 1);
    expect(committed).toEqual(['kept']);
  });
});

describe(`Transactions.run with advisory locks (${dialect}; decision 043)`, () => {
  it('a key that could leave its quotes is refused before anything runs', async () => {
    let ran = false;
    const work = async () => {
      ran = true;
    };
    await expect(transactions.run(work, { locks: ["k'); drop table users; --"] })).rejects.toThrow(/lock key not allowed/);
    await expect(transactions.run(work, { locks: ['k 1'] })).rejects.toThrow(/lock key not allowed/);
    expect(ran).toBe(false);
  });

  it.runIf(dialect === 'postgres')('PostgreSQL: a second transaction on the same key waits for the first to end; another key does not', async () => {
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const first = transactions.run(
      async () => {
        order.push('first in');
        firstStarted();
        await firstHolds;
        order.push('first out');
      },
      { locks: ['test:lock:a', 'test:lock:b'] },
    );
    await started;
    const second = transactions.run(async () => void order.push('second in'), { locks: ['test:lock:b'] });
    await transactions.run(async () => void order.push('other key'), { locks: ['test:lock:c'] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['first in', 'other key']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'other key', 'first out', 'second in']);
  });

  it.runIf(dialect === 'postgres')('PostgreSQL: a transaction that fails gives its locks back with its rollback', async () => {
    await expect(
      transactions.run(
        async () => {
          throw new Refused();
        },
        { locks: ['test:lock:d'] },
      ),
    ).rejects.toThrow(Refused);
    const free = await transactions.run(
      async (trx) => (await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(hashtext('test:lock:d')) as got`.execute(trx)).rows[0]?.got,
    );
    expect(free).toBe(true);
  });
});

describe(`Transactions.run planning on the indexes (${dialect}; decision 050)`, () => {
  const seqScanSetting = async (trx: typeof db) => (await sql<{ enable_seqscan: string }>`show enable_seqscan`.execute(trx)).rows[0]?.enable_seqscan;

  it.runIf(dialect === 'postgres')('PostgreSQL: sequential scans are off inside such a transaction only, and on again after its commit or rollback', async () => {
    expect(await transactions.run(seqScanSetting, { indexPlans: true, locks: ['test:lock:e'] })).toBe('off');
    expect(await transactions.run(seqScanSetting, { indexPlans: true })).toBe('off');
    await expect(
      transactions.run(
        async () => {
          throw new Refused();
        },
        { indexPlans: true },
      ),
    ).rejects.toThrow(Refused);
    // Every connection of the pool, whichever ran the transactions above.
    const settings = await Promise.all(Array.from({ length: 12 }, () => transactions.run(seqScanSetting)));
    expect(new Set(settings)).toEqual(new Set(['on']));
  });

  it.runIf(dialect === 'sqlite')('SQLite has no such setting: the work runs and commits as without it', async () => {
    const before = await requestCount();
    await transactions.run((trx) => insertBareRequest(trx as typeof db, user.id, flight.flightId), { indexPlans: true });
    expect(await requestCount()).toBe(before + 1);
  });
});

/** Every statement a Transactions on `db` sends, in order (raw BEGIN/SAVEPOINT/COMMIT included). */
function recordingTransactions() {
  const sent: string[] = [];
  const recorded = db.withPlugin({
    transformQuery: (args) => {
      sent.push(db.getExecutor().compileQuery(args.node, args.queryId).sql.trim().toLowerCase());
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { sent, recorded: new Transactions({ db: recorded, dialect }) };
}

describe(`Transactions.run, callers at the same time (${dialect})`, () => {
  it('each caller commits or fails alone: a failure or a refusal undoes only its own writes and hooks', async () => {
    const before = await requestCount();
    const hooks: number[] = [];
    const caller = (i: number) =>
      transactions.run(
        async (trx) => {
          await insertBareRequest(trx as typeof db, user.id, flight.flightId);
          afterCommit(trx, () => hooks.push(i));
          if (i === 2) throw new Refused();
          return i;
        },
        {
          first: () => {
            if (i === 4) throw new Refused();
          },
        },
      );
    const outcomes = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(caller));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'refused'))).toEqual([0, 1, 'refused', 3, 'refused', 5]);
    expect(await requestCount()).toBe(before + 4);
    expect(hooks.sort()).toEqual([0, 1, 3, 5]);
  });
});

describe.runIf(dialect === 'sqlite')('Transactions.run on SQLite: group commit (decision 036)', () => {
  it('callers that arrive together share one BEGIN … COMMIT, each in a savepoint of its own; a group holds at most MAX_GROUP', async () => {
    const { sent, recorded } = recordingTransactions();
    await Promise.all(Array.from({ length: 5 }, () => recorded.run((trx) => insertBareRequest(trx as typeof db, user.id, flight.flightId))));
    expect(sent.filter((s) => s.startsWith('begin'))).toEqual(['begin immediate']);
    expect(sent.filter((s) => s === 'commit')).toHaveLength(1);
    expect(sent.filter((s) => s.startsWith('savepoint'))).toHaveLength(5);

    sent.length = 0;
    const before = await requestCount();
    await Promise.all(Array.from({ length: MAX_GROUP + 1 }, () => recorded.run((trx) => insertBareRequest(trx as typeof db, user.id, flight.flightId))));
    expect(sent.filter((s) => s === 'commit')).toHaveLength(2);
    expect(await requestCount()).toBe(before + MAX_GROUP + 1);
  });

  it('the event loop turns between members: other work (accepting connections, reading requests) is not held up for a whole group', async () => {
    let turned = false;
    const seen: boolean[] = [];
    await Promise.all(
      [0, 1, 2].map((i) =>
        transactions.run(async (trx) => {
          if (i === 0) setImmediate(() => (turned = true));
          seen.push(turned);
          await insertBareRequest(trx as typeof db, user.id, flight.flightId);
        }),
      ),
    );
    expect(seen).toEqual([false, true, true]);
  });

  it('nobody is answered before the commit that holds their writes: a COMMIT that fails fails every member, and nothing of theirs stays', async () => {
    const before = await requestCount();
    const hooks: number[] = [];
    const caller = (i: number) =>
      transactions.run(async (trx) => {
        await insertBareRequest(trx as typeof db, user.id, flight.flightId);
        afterCommit(trx, () => hooks.push(i));
        if (i === 1) {
          // A row whose foreign key is checked only at COMMIT: the group's COMMIT fails.
          await sql`pragma defer_foreign_keys = on`.execute(trx);
          await (trx as typeof db).insertInto('user_roles').values({ user_id: 999_999_999, role: 'user' }).execute();
        }
        return i;
      });
    const outcomes = await Promise.allSettled([0, 1, 2].map(caller));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await requestCount()).toBe(before);
    expect(hooks).toEqual([]);
    // The connection is free and the next caller commits.
    await transactions.run((trx) => insertBareRequest(trx as typeof db, user.id, flight.flightId));
    expect(await requestCount()).toBe(before + 1);
  });
});
