import { sql } from 'kysely';
import type { DbHandle, DbOrTrx } from './database.ts';

/** Work to do once a transaction has committed, by the handle `Transactions.run` gave its callback. */
const commitHooks = new WeakMap<DbOrTrx, (() => void)[]>();

/**
 * Runs `hook` once the transaction `trx` belongs to has committed, never after a rollback
 * (read caches drop what a write changed: before the commit a reader could still store the old
 * answer). Outside `Transactions.run` a statement commits on its own, so the hook runs at once.
 */
export function afterCommit(trx: DbOrTrx, hook: () => void): void {
  const hooks = commitHooks.get(trx);
  if (hooks) hooks.push(hook);
  else hook();
}

/** True for the handle `Transactions.run` gave its callback, while that transaction is open. */
export const inTransaction = (db: DbOrTrx): boolean => commitHooks.has(db);

function runHooks(hooks: readonly (() => void)[]): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // The write has committed: a listener's failure must not turn it into an error.
    }
  }
}

/**
 * The one way to write in a transaction (decision 006). SQLite: BEGIN IMMEDIATE takes the
 * single writer lock up front, so a second process waits (busy_timeout) instead of failing on
 * a stale read snapshot. PostgreSQL: READ COMMITTED; conditional UPDATEs lock and re-check the
 * rows they write. Query functions take `db | trx`, so a service composes them inside `run`.
 */
export class Transactions {
  /** Write transactions this process has finished (caches of read answers key on it). */
  private finished = 0;

  constructor(private readonly handle: Pick<DbHandle, 'db' | 'dialect'>) {}

  get version(): number {
    return this.finished;
  }

  /**
   * `options.first` runs once the connection is this caller's, before BEGIN: a check that may
   * refuse (throw) without a transaction, on the state as it is after the wait for the connection.
   */
  async run<T>(fn: (trx: DbOrTrx) => Promise<T>, options: { first?: () => void } = {}): Promise<T> {
    const hooks: (() => void)[] = [];
    let handle: DbOrTrx | null = null;
    try {
      const result = await this.execute(options.first, (trx) => {
        commitHooks.set((handle = trx), hooks);
        return fn(trx);
      });
      runHooks(hooks);
      return result;
    } finally {
      if (handle) commitHooks.delete(handle);
      this.finished++;
    }
  }

  /** BEGIN by hand on a held connection, on both databases: IMMEDIATE on SQLite, and room for `first` before it. */
  private execute<T>(first: (() => void) | undefined, fn: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    const { db, dialect } = this.handle;
    return db.connection().execute(async (conn) => {
      first?.();
      await sql.raw(dialect === 'postgres' ? 'begin' : 'begin immediate').execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw err;
      }
    });
  }
}
