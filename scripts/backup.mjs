#!/usr/bin/env node
// `npm run backup`: a consistent copy of the database, while the app runs, to a timestamped file
// in BACKUP_DIR (default ./backups). SQLite: the online backup API (better-sqlite3 .backup());
// PostgreSQL: pg_dump -Fc. `npm run restore -- <file> --confirm-overwrite` puts one back:
// SQLite copies it over the (stopped) app's file, or into a new file with --to <file>;
// PostgreSQL runs pg_restore --clean into the configured database. Without the flag it refuses.
import 'dotenv/config';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';

export const CONFIRM_FLAG = '--confirm-overwrite';
const DEFAULT_DATABASE_URL = 'sqlite:./data/heliline.sqlite';

const isSqlite = (url) => url.startsWith('sqlite:');
const sqlitePath = (url) => resolve(url.slice('sqlite:'.length));
const stamp = (now) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * libpq's connection without the password on the command line (other users could read it in
 * the process list): the password travels in PGPASSWORD.
 */
function pgConnection(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command, args, env) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

/**
 * Writes a backup and returns its path. `schema` limits a PostgreSQL dump to one schema (the
 * tests use one each); by default the whole database is dumped.
 */
export async function backup({ databaseUrl = DEFAULT_DATABASE_URL, dir = 'backups', schema, now = new Date() } = {}) {
  mkdirSync(dir, { recursive: true });
  if (isSqlite(databaseUrl)) {
    const file = resolve(dir, `heliline-${stamp(now)}.sqlite`);
    const db = new SQLite(sqlitePath(databaseUrl), { fileMustExist: true });
    try {
      // Page by page, consistent even while the app writes (WAL).
      await db.backup(file);
    } finally {
      db.close();
    }
    return file;
  }
  const file = resolve(dir, `heliline-${stamp(now)}.dump`);
  const { dbname, env } = pgConnection(databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...(schema ? ['--schema', schema] : []), '--file', file, '--dbname', dbname], env);
  return file;
}

/** Checks that a file is a whole SQLite database before it replaces the app's. */
function assertSqliteBackup(file) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const [{ integrity_check: result }] = db.pragma('integrity_check');
    if (result !== 'ok') throw new Error(`${file} is damaged: ${result}`);
    db.prepare("select 1 from sqlite_master where name = 'users'").get();
  } finally {
    db.close();
  }
}

/**
 * Restores a backup. Refuses unless `confirm` is true (the CLI's --confirm-overwrite): the
 * current data is replaced. SQLite: copied over the app's file (stop the app first), or to `to`.
 */
export async function restore({ databaseUrl = DEFAULT_DATABASE_URL, file, confirm = false, to } = {}) {
  if (!file || !existsSync(file)) throw new Error(`no backup file ${file ?? ''}`);
  if (!confirm) throw new Error(`restoring replaces the data of ${to ?? redacted(databaseUrl)}: run again with ${CONFIRM_FLAG}`);
  if (isSqlite(databaseUrl) || to) {
    assertSqliteBackup(file);
    const target = to ? resolve(to) : sqlitePath(databaseUrl);
    mkdirSync(dirname(target), { recursive: true });
    // Copy next to the target, then rename: the target is never half-written. The old WAL and
    // shared-memory files belong to the replaced database and would corrupt the restored one.
    const partial = join(dirname(target), `.${basename(target)}.restoring`);
    copyFileSync(file, partial);
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(partial, target);
    return target;
  }
  const { dbname, env } = pgConnection(databaseUrl);
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', dbname, file], env);
  return redacted(databaseUrl);
}

const redacted = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function main(argv) {
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (argv[0] !== 'restore') {
    const file = await backup({ databaseUrl, dir: process.env.BACKUP_DIR ?? 'backups' });
    console.log(`backup written: ${file}`);
    return;
  }
  const args = argv.slice(1);
  const toAt = args.indexOf('--to');
  const to = toAt >= 0 ? args[toAt + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (toAt < 0 || i !== toAt + 1));
  const target = await restore({ databaseUrl, file, confirm: args.includes(CONFIRM_FLAG), to });
  console.log(`restored ${file} into ${target}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
