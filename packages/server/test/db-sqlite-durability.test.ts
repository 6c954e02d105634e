import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type DbOrTrx, openDatabase, SQLITE_WAL_AUTOCHECKPOINT_PAGES } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { Transactions } from '../src/db/transaction.ts';
import { WalSync } from '../src/db/wal-sync.ts';

/**
 * The SQLite file the app writes bookings and payments to (decisions 040 and 042): WAL with
 * synchronous = NORMAL, so a COMMIT does not wait for the disk; a write group's callers are
 * answered only once a thread of its own has synced the WAL holding their commit (an answered
 * booking survives a power cut, not only a crash of the process); the WAL copied back into the
 * database every SQLITE_WAL_AUTOCHECKPOINT_PAGES pages.
 */
/** A database file of its own, as `npm start` opens one (not `:memory:`), removed after the test. */
async function openFileDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'heliline-durability-'));
  const file = join(dir, 'db.sqlite');
  const database = await openDatabase(`sqlite:${file}`);
  onTestFinished(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { ...database, file };
}

const pragma = async (db: DbOrTrx, name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
const rowCount = async (db: DbOrTrx) => Number((await sql<{ n: number }>`select count(*) as n from filler`.execute(db)).rows[0]!.n);
const insertRow = (trx: DbOrTrx) => sql`insert into filler (body) values ('x')`.execute(trx);

/** Descriptors of this process (its threads included) open on `path`. */
const openOn = (path: string) => readdirSync('/proc/self/fd').filter((fd) => readlinkSafe(`/proc/self/fd/${fd}`) === path).length;
function readlinkSafe(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null; // the descriptor readdir itself used, closed since
  }
}

describe('the SQLite database file', () => {
  it('is opened in WAL mode with NORMAL sync, checkpoints after 4,000 pages, and checks foreign keys', async () => {
    const { db } = await openFileDatabase();
    await migrateToLatest(db);
    expect(await pragma(db, 'journal_mode')).toBe('wal');
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA: a COMMIT does not wait for the disk, on the event loop.
    expect(await pragma(db, 'synchronous')).toBe(1);
    expect(await pragma(db, 'wal_autocheckpoint')).toBe(SQLITE_WAL_AUTOCHECKPOINT_PAGES);
    expect(await pragma(db, 'foreign_keys')).toBe(1);
  });

  it('answers a write group only once the WAL holding its commit has been synced; the next group runs meanwhile', async () => {
    const database = await openFileDatabase();
    await sql`create table filler (id integer primary key, body text not null)`.execute(database.db);
    let syncsAsked = 0;
    let openTheGate!: () => void;
    const gate = new Promise<void>((resolve) => (openTheGate = resolve));
    const transactions = new Transactions({
      ...database,
      syncWal: async () => {
        syncsAsked++;
        await gate;
        await database.syncWal!();
      },
    });
    const answered: number[] = [];
    const first = transactions.run(insertRow).then(() => answered.push(1));
    await vi.waitFor(() => expect(syncsAsked).toBe(1));
    // Committed (readers see it) but not answered while its sync is pending.
    expect(await rowCount(database.db)).toBe(1);
    // The writer is not held by the pending sync: a second group commits meanwhile.
    const second = transactions.run(insertRow).then(() => answered.push(2));
    await vi.waitFor(() => expect(syncsAsked).toBe(2));
    expect(await rowCount(database.db)).toBe(2);
    expect(answered).toEqual([]);
    openTheGate();
    await Promise.all([first, second]);
    expect(answered.sort()).toEqual([1, 2]);
  });

  it('syncs the WAL file itself, on a thread of its own: callers at the same time share a sync', async () => {
    const database = await openFileDatabase();
    await sql`create table filler (id integer primary key, body text not null)`.execute(database.db);
    const wal = new WalSync(`${database.file}-wal`);
    onTestFinished(() => wal.close());
    await Promise.all(Array.from({ length: 10 }, () => wal.sync()));
    // The first call starts a sync; the nine made while it ran share the next one.
    expect(wal.completed).toBe(2);
    expect(openOn(`${database.file}-wal`)).toBeGreaterThanOrEqual(2); // SQLite's descriptor and the sync thread's
  });

  it('a sync that fails fails its group’s callers (their write stands) and every later write, rather than answer what may not be on disk', async () => {
    const database = await openFileDatabase();
    await sql`create table filler (id integer primary key, body text not null)`.execute(database.db);
    const wal = new WalSync(join(database.file, 'no-such-dir', 'db.sqlite-wal'));
    onTestFinished(() => wal.close());
    const transactions = new Transactions({ ...database, syncWal: () => wal.sync() });
    await expect(transactions.run(insertRow)).rejects.toThrow(/WAL sync failed/);
    expect(await rowCount(database.db)).toBe(1);
    await expect(transactions.run(insertRow)).rejects.toThrow(/WAL sync failed/);
    await expect(wal.sync()).rejects.toThrow(/WAL sync failed/);
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
