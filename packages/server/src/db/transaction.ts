import { sql } from 'kysely';
import type { DbHandle, DbOrTrx } from './database.ts';

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

  async run<T>(fn: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    try {
      return await this.execute(fn);
    } finally {
      this.finished++;
    }
  }

  private execute<T>(fn: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    const { db, dialect } = this.handle;
    if (dialect === 'postgres') return db.transaction().execute(fn);
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
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
