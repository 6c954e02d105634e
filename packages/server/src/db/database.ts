import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Dialect, Kysely, type LogEvent, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** Query functions take either, so services can compose them inside one transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Whether `db` talks to PostgreSQL (queries with a PostgreSQL-only form: row locks, advisory locks). */
export const onPostgres = (db: DbOrTrx): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL schema to work in (tests use one per file); created if missing. */
  schema?: string;
  /**
   * SQLite: called once when the disk failed a write (an I/O error, a full disk, a corrupt
   * file). From then on every statement is refused, so readiness says down; main.ts stops the
   * process, as PostgreSQL stops when it cannot write its log.
   */
  onStorageFailure?: (err: Error) => void;
}

/**
 * Set by Transactions.run for the work it runs: `open` while its transaction is. Inside it, a
 * statement on the root handle would wait for a connection the transaction holds (SQLite) or
 * write outside the transaction (PostgreSQL), so it is refused at once.
 */
export const transactionScope = new AsyncLocalStorage<{ open: boolean }>();

export const insideTransaction = (): boolean => transactionScope.getStore()?.open === true;

export async function openDatabase(url: string, options: DbOptions = {}): Promise<DbHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options.onStorageFailure);
  return openPostgres(url, options.schema);
}

/**
 * The dialect with a check before each connection is taken for a statement of the root handle
 * (a transaction's own statements run on the connection it already holds).
 */
function guarded(dialect: Dialect, check: () => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = () => {
        check();
        return acquire();
      };
      return driver;
    },
  };
}

function refuseInsideTransaction(): void {
  if (insideTransaction()) {
    throw new Error('a statement on the root database handle inside Transactions.run: use the transaction handle (trx) the work was given');
  }
}

/** SQLite's codes for a disk that failed a write or a file that cannot be trusted any more. */
const STORAGE_FAILURE = /^SQLITE_(IOERR|FULL|CORRUPT|NOTADB)/;

const isStorageFailure = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_FAILURE.test(code);
};

function openSqlite(path: string, onStorageFailure?: (err: Error) => void): DbHandle {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the single writer; busy_timeout waits instead of failing
  // when a second process (e.g. `npm run backup`) holds a lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // FULL: a COMMIT returns once its WAL frames are on disk, so what we answered survives a power cut.
  sqlite.pragma('synchronous = FULL');
  let failure: Error | null = null;
  const check = () => {
    if (failure) throw failure;
    refuseInsideTransaction();
  };
  // After a failed write SQLite may have lost pages it was told were written: nothing later is trusted.
  const log = (event: LogEvent) => {
    if (event.level !== 'error' || failure || !isStorageFailure(event.error)) return;
    failure = event.error as Error;
    onStorageFailure?.(failure);
  };
  const db = new Kysely<Database>({ dialect: guarded(new SqliteDialect({ database: preparedOnce(sqlite) }), check), log });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * The SQLite connection with its prepared statements kept by SQL text: better-sqlite3 compiles
 * the SQL again on every `prepare`, which costs several times what running a short query does,
 * on the event loop. Kysely runs one statement at a time on the connection, and SQLite prepares
 * a kept statement again by itself after a schema change.
 */
export function preparedOnce(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
      return statement;
    },
    close: () => sqlite.close(),
  };
}

async function openPostgres(url: string, schema?: string): Promise<DbHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema if not exists ${schema}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Bounded waits (decision 017): with the server gone a request fails fast and answers 503
    // instead of queueing forever for a connection or a reply.
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client whose server went away (restart, failover) errors on the pool; pg drops it and
  // the next checkout opens a fresh one. Without a listener Node would end the whole process.
  pool.on('error', () => undefined);
  // A checked-out client (a transaction awaiting other work between statements) errors on itself,
  // not on the pool: its next statement fails (503) and pg-pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: guarded(new PostgresDialect({ pool }), refuseInsideTransaction) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Drop a test schema (PostgreSQL only). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}

/** Error codes of a database that cannot be reached right now (network, server shutting down or starting, no slots). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovery)
  '53300', // too_many_connections
  '55P03', // lock_not_available: a write transaction waited past its lock_timeout
  '57014', // query_canceled: a write transaction's statement ran past its statement_timeout
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
]);
/** pg's own texts for a lost connection or an exhausted wait (they carry no code). */
const UNAVAILABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Query read timeout/i;

/**
 * True when an error means "the database is not reachable now" rather than a bug: the error
 * handler answers these with 503 and Retry-After (decision 017). Looks into AggregateErrors (a
 * host name that resolves to several addresses), not into causes: a gateway's failed fetch is
 * not the database.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  return Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1));
}

export const nowIso = (now: Date = new Date()) => now.toISOString();
