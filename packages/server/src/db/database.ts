import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Compilable,
  type CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { WalSync } from './wal-sync.ts';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** Query functions take either, so services can compose them inside one transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Whether `db` talks to PostgreSQL (queries with a PostgreSQL-only form: row locks, multi-row statements). */
export const onPostgres = (db: DbOrTrx): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
  /** SQLite: the connection's prepared statements (tests read their count). */
  statements?: StatementCache;
  /**
   * SQLite on a file: resolves once what has been committed so far is on disk (WalSync,
   * decision 042). Transactions.run answers a write group after it.
   */
  syncWal?: () => Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL schema to work in (tests use one per file); created if missing. */
  schema?: string;
}

export async function openDatabase(url: string, options: DbOptions = {}): Promise<DbHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options.schema);
}

/**
 * Pages the SQLite WAL may hold before a commit copies them back into the database file
 * (SQLite's default is 1,000). The booking tables' last pages and the leg counters change in
 * every commit: a longer interval copies each of them once for more commits (decision 040).
 */
export const SQLITE_WAL_AUTOCHECKPOINT_PAGES = 4000;

function openSqlite(path: string): DbHandle {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the single writer; busy_timeout waits instead of failing
  // when a second process (e.g. `npm run backup`) holds a lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // NORMAL: a COMMIT does not wait for the disk (SQLite syncs the WAL at checkpoints). Enough for
  // the bookkeeping written outside a write transaction (a token's last use); a write group of
  // Transactions.run is answered only once WalSync has flushed the WAL on its own thread, so a
  // booking or payment we answered survives a power cut, not only a crash (decisions 040, 042).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`wal_autocheckpoint = ${SQLITE_WAL_AUTOCHECKPOINT_PAGES}`);
  const statements = new StatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  if (path === ':memory:') return { db, dialect: 'sqlite', close: () => db.destroy(), statements };
  const wal = new WalSync(`${resolve(path)}-wal`);
  const close = async () => {
    await db.destroy();
    await wal.close();
  };
  return { db, dialect: 'sqlite', close, statements, syncWal: () => wal.sync() };
}

/** Distinct SQL texts kept prepared per SQLite connection (the app has a few hundred fixed shapes). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with its prepared statements kept by SQL text:
 * better-sqlite3 compiles the SQL again on every `prepare`, which cost more than running most of
 * our queries. Bounded, least recently used out first (queries with IN lists of varying length
 * make new texts). Safe to share: Kysely runs one query at a time on the connection, and a
 * statement is re-prepared by SQLite itself when the schema changes.
 */
export class StatementCache implements SqliteDatabase {
  private readonly cache = new Map<string, SQLite.Statement>();
  /** How many times SQL was compiled (cache misses). */
  compiled = 0;

  constructor(
    private readonly sqlite: SQLite.Database,
    readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  get size(): number {
    return this.cache.size;
  }

  prepare(sql: string): SQLite.Statement {
    let stmt = this.cache.get(sql);
    if (stmt) {
      // Most recently used last: Map keeps insertion order.
      this.cache.delete(sql);
    } else {
      stmt = this.sqlite.prepare(sql);
      this.compiled++;
      if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(sql, stmt);
    return stmt;
  }

  close(): void {
    this.cache.clear();
    this.sqlite.close();
  }
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new NamedStatementPool(pool) }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Statements that may be named: plain DML whose result columns are spelled out. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A `*` that stands for all columns (`select *`, `t.*`, `returning *`, `, *`): its result type
 * follows the table. `count(*)` and multiplication are not selections.
 */
const SELECTS_ALL = /(?:\bselect(?:\s+distinct)?|\breturning|,|\.)\s*\*/i;

/**
 * Marks a statement PostgreSQL must plan on every run (never named, see `fixedShape`'s
 * `planEachRun`): a join over tables that start empty and fill fast. A named statement's generic
 * plan is built on the first runs' table sizes and kept until the next ANALYZE; the hold limit's
 * join, planned while `seat_holds` was empty, read the whole table for every held request (2–9 ms
 * a booking after a few thousand, against 0.1 ms planned on each run).
 */
export const PLAN_EACH_RUN = '/* plan each run */ ';

/**
 * PostgreSQL: each distinct SQL text (up to STATEMENT_CACHE_SIZE) gets a name, so every pooled
 * connection parses and plans it once and then only binds and executes it. Not named: `*`
 * selections and returns (a migration that adds a column would change a prepared statement's
 * result type under a running instance; a `count(*)` is named), DDL and transaction control,
 * statements marked PLAN_EACH_RUN, and any text past the bound (a backend keeps its prepared
 * statements until the connection closes).
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(readonly capacity = STATEMENT_CACHE_SIZE) {}

  nameOf(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined || this.names.size >= this.capacity) return known;
    if (sql.startsWith(PLAN_EACH_RUN) || !NAMEABLE.test(sql) || SELECTS_ALL.test(sql)) return undefined;
    const name = `heliline_${this.names.size + 1}`;
    this.names.set(sql, name);
    return name;
  }
}

type PoolClient = pg.PoolClient;

/** The pool as Kysely sees it: its clients run nameable statements as named prepared statements. */
class NamedStatementPool {
  private readonly names = new StatementNames();
  private readonly clients = new WeakMap<PoolClient, PostgresPoolClient>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapped = this.clients.get(client);
    if (!wrapped) {
      wrapped = {
        // Kysely passes (sql, parameters), or a cursor (not used here) that goes through untouched.
        query: ((sql: string, values: unknown[]) => {
          const name = typeof sql === 'string' ? this.names.nameOf(sql) : undefined;
          return name ? client.query({ name, text: sql, values }) : client.query(sql, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      this.clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** A parameter of a query compiled once (fixedShape): its position among the call's parameters. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A hot query of fixed shape (no optional clauses, no IN lists, parameters used only as values),
 * built and compiled by Kysely once per dialect instead of on every call: each call only fills in
 * its parameters. Kysely's building and compiling cost more than running such a query on SQLite.
 */
export function fixedShape<P extends unknown[], R>(
  build: (db: DbOrTrx, ...params: P) => Compilable<R>,
  options: { planEachRun?: boolean } = {},
): (db: DbOrTrx, ...params: P) => Promise<R[]> {
  const compiled = new Map<unknown, { query: CompiledQuery<R>; slots: (number | undefined)[] }>();
  return async (db, ...params) => {
    const dialect = db.getExecutor().adapter.constructor;
    let entry = compiled.get(dialect);
    if (!entry) {
      const placeholders = Array.from({ length: build.length - 1 }, (_, i) => new Slot(i)) as unknown as P;
      const built = build(db, ...placeholders).compile();
      const query = options.planEachRun ? { ...built, sql: PLAN_EACH_RUN + built.sql } : built;
      entry = { query, slots: query.parameters.map((p) => (p instanceof Slot ? p.index : undefined)) };
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === undefined ? value : params[slot];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
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
