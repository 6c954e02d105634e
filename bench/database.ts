import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchema, type DbHandle, type DialectName, openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seed } from '../packages/server/src/seed/index.ts';

/**
 * A database of the bench's own: a fresh SQLite file in a temporary folder, or, when
 * DATABASE_URL points at PostgreSQL, a fresh schema in that database. Existing data is never
 * read or written: the app is pointed at the new schema through the connection string's
 * search_path, and only that schema is dropped at the end.
 */
export interface BenchDatabase {
  dialect: DialectName;
  /** DATABASE_URL for the app. */
  url: string;
  /** For the output: where the data lives. */
  description: string;
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(userUrl = process.env.DATABASE_URL): Promise<BenchDatabase> {
  if (userUrl?.startsWith('postgres')) return createSchema(userUrl);
  const dir = mkdtempSync(join(tmpdir(), 'heliline-bench-'));
  const url = `sqlite:${join(dir, 'bench.sqlite')}`;
  return {
    dialect: 'sqlite',
    url,
    description: `SQLite, fresh file ${url.slice('sqlite:'.length)}`,
    open: () => openDatabase(url),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function createSchema(userUrl: string): Promise<BenchDatabase> {
  const schema = `heliline_bench_${randomBytes(4).toString('hex')}`;
  // openDatabase creates the schema; nothing else is touched.
  const handle = await openDatabase(userUrl, { schema });
  const durability = await serverDurability(handle);
  await handle.close();
  const url = new URL(userUrl);
  const options = [url.searchParams.get('options'), `-c search_path=${schema}`].filter(Boolean).join(' ');
  url.searchParams.set('options', options);
  const masked = new URL(userUrl);
  if (masked.password) masked.password = '***';
  return {
    dialect: 'postgres',
    url: url.toString(),
    description: `PostgreSQL, fresh schema ${schema} in ${masked.toString()} (dropped at the end); server settings: ${durability}`,
    open: () => openDatabase(url.toString()),
    drop: () => dropSchema(userUrl, schema),
  };
}

/**
 * The server settings that decide what a commit costs. A test cluster may run with fsync off (CI
 * turns it off on its own), which makes every write cheaper than in production: printed so that
 * a run says which it measured.
 */
async function serverDurability(handle: DbHandle): Promise<string> {
  const { rows } = await sql<{ name: string; setting: string }>`
    select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name`.execute(handle.db);
  return rows.map((r) => `${r.name}=${r.setting}`).join(', ');
}

/** Migrates and seeds as the app's first start would (demo data included). */
export async function migrateAndSeed(handle: DbHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await seed(handle, { demo: true });
}
