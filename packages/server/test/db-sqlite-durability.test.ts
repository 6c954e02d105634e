import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type DbOptions, type DbOrTrx, openDatabase, preparedOnce } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { Transactions } from '../src/db/transaction.ts';
import { HealthService } from '../src/modules/health/service.ts';
import { userSignup } from './accounts-support.ts';

/**
 * The SQLite file the app writes to: WAL with synchronous = FULL, so a COMMIT returns once it is
 * on disk; and a disk that fails a write stops the database (every later statement refused,
 * readiness down) and the server process (main.ts), as PostgreSQL stops when it cannot write.
 */

/** A database file of its own, as `npm start` opens one (not `:memory:`), removed after the test. */
async function openFileDatabase(options: DbOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'heliline-durability-'));
  const file = join(dir, 'db.sqlite');
  const database = await openDatabase(`sqlite:${file}`, options);
  onTestFinished(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { ...database, file, dir };
}

const pragma = async (db: DbOrTrx, name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
const rowCount = async (db: DbOrTrx) => Number((await sql<{ n: number }>`select count(*) as n from filler`.execute(db)).rows[0]!.n);

describe('the SQLite database file', () => {
  it('is opened in WAL mode with FULL sync, and checks foreign keys', async () => {
    const { db } = await openFileDatabase();
    await migrateToLatest(db);
    expect(await pragma(db, 'journal_mode')).toBe('wal');
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA: every COMMIT waits for its WAL frames to be on disk.
    expect(await pragma(db, 'synchronous')).toBe(2);
    expect(await pragma(db, 'foreign_keys')).toBe(1);
  });

  it('a write the disk refuses (full) is reported once; every later statement is refused and readiness says down', async () => {
    const failures: Error[] = [];
    const database = await openFileDatabase({ onStorageFailure: (err) => failures.push(err) });
    const { db } = database;
    await sql`create table filler (id integer primary key, body text not null)`.execute(db);
    const health = new HealthService(db);
    expect(await health.readiness()).toEqual({ database: 'up' });
    // The file may not grow past what it has: the next page a write needs is "disk full".
    await sql.raw(`pragma max_page_count = ${String(await pragma(db, 'page_count'))}`).execute(db);
    const transactions = new Transactions(database);
    const err = await transactions
      .run(async (trx) => {
        for (let row = 0; row < 20; row++) await sql`insert into filler (body) values (${'x'.repeat(4000)})`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SQLITE_FULL' });
    expect(failures).toEqual([err]);
    await expect(rowCount(db)).rejects.toBe(err);
    await expect(transactions.run(async () => undefined)).rejects.toBe(err);
    expect(await health.readiness()).toEqual({ database: 'down' });
    expect(failures).toHaveLength(1);
    // Nothing of the failed transaction is in the file.
    const reopened = await openDatabase(`sqlite:${database.file}`);
    expect(await rowCount(reopened.db)).toBe(0);
    await reopened.close();
  });
});

describe('SQLite statements', () => {
  it('are prepared once per SQL text (the least recently used dropped past the bound), and still right after a schema change', async () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = new Kysely<{ t: { id: number; a: string } }>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite, 2) }) });
    onTestFinished(() => db.destroy());
    await sql`create table t (id integer primary key, a text not null)`.execute(db);
    await db.insertInto('t').values({ id: 1, a: 'x' }).execute();
    const read = (id: number) => db.selectFrom('t').selectAll().where('id', '=', id).execute();
    prepare.mockClear();
    expect(await read(1)).toEqual([{ id: 1, a: 'x' }]);
    expect(await read(2)).toEqual([]);
    expect(prepare).toHaveBeenCalledTimes(1);
    // A column added: the kept `select *` statement answers with it.
    await sql`alter table t add column b text`.execute(db);
    expect(await read(1)).toEqual([{ id: 1, a: 'x', b: null }]);
    // Past two texts the least recently used is prepared again.
    prepare.mockClear();
    await db.selectFrom('t').select('a').execute();
    await db.selectFrom('t').select('id').execute();
    await read(1);
    expect(prepare).toHaveBeenCalledTimes(3);
  });
});

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** prlimit (util-linux) lowers the running server's file size limit: its next write to the database file fails (EFBIG). */
const prlimit = process.platform === 'linux' && spawnSync('prlimit', ['--version']).status === 0;
const PORT = 4117;

describe.runIf(prlimit)('a server whose disk fails a commit', () => {
  it('logs it and exits non-zero, without answering from the broken database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'heliline-disk-failure-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const url = `http://127.0.0.1:${PORT}`;
    // The output goes through pipes: the file size limit applies to regular files only.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        APP_URL: url,
        DATABASE_URL: `sqlite:${join(dir, 'heliline.sqlite')}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
        HOLD_SWEEP_INTERVAL_SECONDS: '3600',
      },
    });
    onTestFinished(() => void child.kill('SIGKILL'));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    const ready = () =>
      fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.status,
        () => 0,
      );
    for (const started = Date.now(); (await ready()) !== 200;) {
      if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`server not ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    execFileSync('prlimit', ['--pid', String(child.pid), '--fsize=1']);
    // A registration: one Transactions.run, whose COMMIT writes the WAL.
    const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
    const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('; '))![1]!;
    const registration = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': decodeURIComponent(token) },
      body: JSON.stringify(userSignup()),
    }).then(
      (r) => r.status,
      () => 0,
    );
    expect(registration).not.toBe(201);
    expect(registration).not.toBe(200);

    const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 20_000).unref());
    expect(await Promise.race([exited, stillRunning])).toBe(1);
    expect(output).toMatch(/the database could not write to disk: stopping/);
    expect(output).toMatch(/SQLITE_IOERR/);
  }, 90_000);
});
