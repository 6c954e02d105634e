import { sql } from 'kysely';
import { type DbHandle, type DbOrTrx, insideTransaction, transactionScope } from './database.ts';

/** Work to do once a transaction has committed, by the handle `Transactions.run` gave its callback. */
const commitHooks = new WeakMap<DbOrTrx, (() => void)[]>();

/**
 * Runs `hook` once the transaction `trx` belongs to has committed, never after a rollback (e.g.
 * waking a sender for what the transaction queued). Outside `Transactions.run` a statement
 * commits on its own, so the hook runs at once.
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

/** How long a PostgreSQL write transaction may wait for a lock, and run one statement (config DB_LOCK_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
export interface WriteTimeouts {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * The one way to write in a transaction (decision 006). Query functions take `db | trx`, so a
 * service composes them inside `run`; what `run` resolves with has been committed.
 *
 * One transaction per call:
 * - SQLite: `BEGIN IMMEDIATE … COMMIT` on the only connection, which Kysely's driver lends to one
 *   caller at a time, so writers run one after another. IMMEDIATE takes the writer lock up
 *   front: a second process (a backup) makes it wait (busy_timeout), not fail on a stale snapshot.
 * - PostgreSQL: `BEGIN … COMMIT` on a pooled connection, READ COMMITTED; conditional UPDATEs lock
 *   and re-check the rows they write. The transaction waits at most `lockTimeoutMs` for a lock
 *   and `statementTimeoutMs` for a statement; past either it fails (503, nothing written).
 *
 * Inside the work, `run` again or a statement on the root `db` throws at once: the first would
 * wait for a connection its own caller holds (SQLite) or commit apart from it (PostgreSQL).
 */
export class Transactions {
  /** Write transactions this process has finished (tests count them). */
  private finished = 0;

  /**
   * What opens a transaction. On PostgreSQL its limits are set with it, in one round trip: without
   * parameters pg sends the text as one simple query, which may hold several statements.
   */
  private readonly begin: string;

  constructor(
    private readonly handle: Pick<DbHandle, 'db' | 'dialect'>,
    timeouts: WriteTimeouts = { lockTimeoutMs: 5_000, statementTimeoutMs: 15_000 },
  ) {
    const ms = (value: number) => {
      if (!Number.isSafeInteger(value) || value < 0) throw new Error(`a write transaction's time limit must be a whole number of ms, not ${value}`);
      return value;
    };
    this.begin =
      handle.dialect === 'postgres'
        ? `begin; set local lock_timeout = ${ms(timeouts.lockTimeoutMs)}; set local statement_timeout = ${ms(timeouts.statementTimeoutMs)}`
        : 'begin immediate';
  }

  get version(): number {
    return this.finished;
  }

  async run<T>(fn: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    if (insideTransaction()) throw new Error('Transactions.run inside a running transaction: pass its trx to the inner work instead');
    const hooks: (() => void)[] = [];
    const scope = { open: true };
    let handle: DbOrTrx | null = null;
    try {
      const result = await this.handle.db.connection().execute((conn) => {
        commitHooks.set((handle = conn), hooks);
        return transactionScope.run(scope, () => this.transaction(conn, fn));
      });
      runHooks(hooks);
      return result;
    } finally {
      // Work the transaction started and left running (a timer, a promise nobody awaited) may use `db` from now on.
      scope.open = false;
      if (handle) commitHooks.delete(handle);
      this.finished++;
    }
  }

  private async transaction<T>(conn: DbOrTrx, fn: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    try {
      // Inside the try: a BEGIN whose limits failed to apply leaves an open transaction to roll back.
      await sql.raw(this.begin).execute(conn);
      const value = await fn(conn);
      await sql.raw('commit').execute(conn);
      return value;
    } catch (err) {
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => undefined);
      throw err;
    }
  }
}
