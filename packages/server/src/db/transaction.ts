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

interface RunOptions {
  /**
   * Runs once the connection is this caller's, before its work: a check that may refuse (throw)
   * without writing, on the state as it is after the wait for the connection.
   */
  first?: () => void;
  /**
   * PostgreSQL: advisory locks the transaction takes before its work, in the order given, held
   * to its end; sent with BEGIN, in one round trip (decision 043). SQLite needs none: a group's
   * writer lock already runs every writer one after another.
   */
  locks?: readonly string[];
  /**
   * PostgreSQL: the transaction's statements are planned with sequential scans off (`SET LOCAL
   * enable_seqscan`, sent with BEGIN), for statements that must read through their indexes. A
   * named statement keeps the generic plan built on its first runs: built while a table was
   * still empty, a sequential scan of it looks free and stays the plan as the table fills
   * (decision 050). A table without a usable index is still scanned. SQLite ignores it.
   */
  indexPlans?: boolean;
}

/** A lock key is spelled into the statement (BEGIN's query takes no parameters): letters, digits and `:._-`. */
const LOCK_KEY = /^[\w:.-]+$/;

/** BEGIN, the planner setting and the advisory locks in the same simple-protocol query (one round trip, no prepared statement). */
function begin({ locks = [], indexPlans = false }: Pick<RunOptions, 'locks' | 'indexPlans'>) {
  const statements = ['begin'];
  if (indexPlans) statements.push('set local enable_seqscan = off');
  if (locks.length > 0) statements.push(`select ${locks.map((key) => `pg_advisory_xact_lock(hashtext('${key}'))`).join(', ')}`);
  return sql.raw(statements.join('; '));
}

/** A caller of `run` waiting for its turn in a SQLite group. */
interface Member {
  fn: (trx: DbOrTrx) => Promise<unknown>;
  first?: () => void;
  hooks: (() => void)[];
  result?: unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/**
 * How many callers one SQLite commit may carry: a group holds the only connection while its
 * members run one after another (each ~0.5–1 ms, with a turn of the event loop between them), so
 * the bound keeps the reads queued behind it (and the group's first member) from waiting past a
 * few tens of milliseconds.
 */
export const MAX_GROUP = 24;

/**
 * The one way to write in a transaction (decision 006). Query functions take `db | trx`, so a
 * service composes them inside `run`; what `run` resolves with has been committed.
 *
 * - PostgreSQL: one transaction per call on a pooled connection, READ COMMITTED; conditional
 *   UPDATEs lock and re-check the rows they write.
 * - SQLite: group commit (decision 036). The callers that reach `run` in the same turn of the
 *   event loop, or while a group runs, run one after another inside one BEGIN IMMEDIATE … COMMIT
 *   (at most MAX_GROUP of them), each in a SAVEPOINT of its own:
 *   a caller that fails is rolled back to its savepoint alone and told at once; the others are
 *   answered only once the COMMIT that holds their writes is on disk (the handle's `syncWal`, on a
 *   thread of its own: decisions 040 and 042), so nothing is acknowledged before it is durable,
 *   and a failed COMMIT or sync fails every member of the group. The next group runs meanwhile.
 *   The single writer writes each shared page (counters, index leaves) once per group instead of
 *   once per booking.
 *   The event loop turns between members, so new connections are accepted and requests read
 *   while a group runs. BEGIN IMMEDIATE takes the writer lock up front, so a second process
 *   waits (busy_timeout) instead of failing on a stale read snapshot.
 */
export class Transactions {
  /** Write transactions this process has finished (tests count them). */
  private finished = 0;
  private readonly waiting: Member[] = [];
  private groupPending = false;

  constructor(private readonly handle: Pick<DbHandle, 'db' | 'dialect' | 'syncWal'>) {}

  get version(): number {
    return this.finished;
  }

  run<T>(fn: (trx: DbOrTrx) => Promise<T>, options: RunOptions = {}): Promise<T> {
    const badKey = options.locks?.find((key) => !LOCK_KEY.test(key));
    if (badKey !== undefined) return Promise.reject(new Error(`advisory lock key not allowed: ${JSON.stringify(badKey)}`));
    if (this.handle.dialect === 'postgres') return this.runAlone(fn, options);
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ fn, first: options.first, hooks: [], resolve: resolve as (value: unknown) => void, reject });
      this.scheduleGroup();
    });
  }

  // ---- PostgreSQL: a transaction per call ---------------------------------------------------

  private async runAlone<T>(fn: (trx: DbOrTrx) => Promise<T>, { first, ...options }: RunOptions): Promise<T> {
    const opening = begin(options);
    const hooks: (() => void)[] = [];
    let handle: DbOrTrx | null = null;
    try {
      const result = await this.handle.db.connection().execute(async (conn) => {
        first?.();
        commitHooks.set((handle = conn), hooks);
        try {
          // Inside the try: when a lock fails (a deadlock, a timeout), the transaction BEGIN opened is rolled back.
          await opening.execute(conn);
          const value = await fn(conn);
          await sql`commit`.execute(conn);
          return value;
        } catch (err) {
          await sql`rollback`.execute(conn).catch(() => undefined);
          throw err;
        }
      });
      runHooks(hooks);
      return result;
    } finally {
      if (handle) commitHooks.delete(handle);
      this.finished++;
    }
  }

  // ---- SQLite: group commit -----------------------------------------------------------------

  /**
   * The group starts after the I/O callbacks of this turn of the event loop (setImmediate): the
   * requests that arrived together have reached `run` by then and share its commit.
   */
  private scheduleGroup(): void {
    if (this.groupPending) return;
    this.groupPending = true;
    setImmediate(() => {
      void this.runGroup().finally(() => {
        this.groupPending = false;
        if (this.waiting.length > 0) this.scheduleGroup();
      });
    });
  }

  private async runGroup(): Promise<void> {
    await this.handle.db
      .connection()
      .execute(async (conn) => {
        const done: Member[] = [];
        let current: Member | undefined;
        await sql.raw('begin immediate').execute(conn);
        try {
          while (done.length < MAX_GROUP && (current = this.waiting.shift())) {
            if (await this.runMember(conn, current)) done.push(current);
            current = undefined;
            // A turn of the event loop between members: libuv accepts one new connection per turn,
            // so a group run in one go would leave new visitors in the accept queue meanwhile.
            if (this.waiting.length > 0) await new Promise(setImmediate);
          }
          await sql`commit`.execute(conn);
        } catch (err) {
          // The transaction is gone (COMMIT failed, or SQLite rolled it back on an I/O or full-disk error).
          await sql`rollback`.execute(conn).catch(() => undefined);
          for (const member of current ? [...done, current] : done) member.reject(err);
          this.finished += done.length + (current ? 1 : 0);
          return;
        }
        this.finished += done.length;
        // Readers see the commit from now on, so the caches drop what it changed now; the
        // callers hear of it once it is on disk.
        for (const member of done) runHooks(member.hooks);
        if (done.length > 0) void this.answerWhenDurable(done);
      })
      .catch((err: unknown) => {
        // No connection or no BEGIN (the writer lock stayed busy): everyone still waiting is told.
        for (const member of this.waiting.splice(0, MAX_GROUP)) member.reject(err);
      });
  }

  private async answerWhenDurable(done: readonly Member[]): Promise<void> {
    try {
      await this.handle.syncWal?.();
    } catch (err) {
      for (const member of done) member.reject(err);
      return;
    }
    for (const member of done) member.resolve(member.result);
  }

  /**
   * One member in its savepoint: true when its work stands (released into the group), false when
   * it refused or failed and was rolled back alone (and told). Throws only when the whole
   * transaction is lost.
   */
  private async runMember(conn: DbOrTrx, member: Member): Promise<boolean> {
    try {
      member.first?.();
    } catch (err) {
      this.finished++;
      member.reject(err);
      return false;
    }
    await sql.raw('savepoint member').execute(conn);
    commitHooks.set(conn, member.hooks);
    try {
      member.result = await member.fn(conn);
      await sql.raw('release member').execute(conn);
      return true;
    } catch (err) {
      // When SQLite has already ended the transaction (an I/O or full-disk error), this throws
      // and the whole group fails with the member's own error.
      await sql
        .raw('rollback to member')
        .execute(conn)
        .catch(() => Promise.reject(err));
      await sql.raw('release member').execute(conn);
      this.finished++;
      member.reject(err);
      return false;
    } finally {
      commitHooks.delete(conn);
    }
  }
}
