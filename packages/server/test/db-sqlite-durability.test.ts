import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type DbOrTrx, openDatabase, SQLITE_WAL_AUTOCHECKPOINT_PAGES } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { Transactions } from '../src/db/transaction.ts';

/**
 * The SQLite file the app writes bookings and payments to (decision 040): WAL; every write
 * transaction's commit synced to disk (FULL: an answered booking survives a power cut, not only a
 * crash of the process), the bookkeeping outside them at checkpoints (NORMAL); the WAL copied
 * back into the database every SQLITE_WAL_AUTOCHECKPOINT_PAGES pages.
 */
/** A database file of its own, as `npm start` opens one (not `:memory:`), removed after the test. */
async function openFileDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'heliline-durability-'));
  const database = await openDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
  onTestFinished(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return database;
}

describe('the SQLite database file', () => {
  it('is opened in WAL mode and checkpoints after 4,000 pages; a write transaction commits with FULL, the rest with NORMAL', async () => {
    const database = await openFileDatabase();
    await migrateToLatest(database.db);
    const pragma = async (name: string, db: DbOrTrx = database.db) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    expect(await pragma('synchronous')).toBe(1);
    const transactions = new Transactions(database);
    const inside = await Promise.all([1, 2].map(() => transactions.run((trx) => pragma('synchronous', trx))));
    expect(inside).toEqual([2, 2]);
    expect(await pragma('synchronous')).toBe(1);
    // After a member that refused, too.
    await expect(transactions.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('wal_autocheckpoint')).toBe(SQLITE_WAL_AUTOCHECKPOINT_PAGES);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('keeps more than SQLite’s default 1,000 pages in the WAL before it checkpoints', async () => {
    const database = await openFileDatabase();
    await sql`create table filler (id integer primary key, body text not null)`.execute(database.db);
    // ~1,500 pages in 30 commits: past SQLite's default interval, short of ours.
    for (let commit = 0; commit < 30; commit++) {
      await database.db.transaction().execute(async (trx) => {
        for (let row = 0; row < 50; row++) await sql`insert into filler (body) values (${'x'.repeat(4000)})`.execute(trx);
      });
    }
    // A passive checkpoint of nothing reports the frames the WAL holds: all of them, none copied yet by an automatic one.
    const [{ log }] = (await sql<{ log: number }>`pragma wal_checkpoint(PASSIVE)`.execute(database.db)).rows as [{ log: number }];
    expect(log).toBeGreaterThan(1000);
    expect(log).toBeLessThan(SQLITE_WAL_AUTOCHECKPOINT_PAGES);
  });
});
