import type { Insertable } from 'kysely';
import { type DbOrTrx, onPostgres } from './database.ts';
import { fixedInsert } from './fixed-insert.ts';
import type { Database } from './schema.ts';

/** Rows for several tables, by table name, in the order they are to be written. */
export type TableRows = { [T in keyof Database]?: readonly Insertable<Database[T]>[] };

type Sets = Record<string, readonly Record<string, unknown>[]>;

/**
 * One statement for every table on PostgreSQL: each set but the last is a data-modifying CTE.
 * Foreign keys between the sets hold, since PostgreSQL checks them at the statement's end.
 */
const insertAtOnce = fixedInsert((db: DbOrTrx, sets: Sets) => {
  const tables = Object.keys(sets) as (keyof Database & string)[];
  const last = tables.pop()!;
  // Kysely's builder types cannot follow a table chosen at run time; the rows were typed by TableRows.
  let query = db as unknown as DbOrTrx;
  tables.forEach((table, i) => {
    query = query.with(`set_${i}`, (qc) => qc.insertInto(table).values(sets[table] as never)) as unknown as DbOrTrx;
  });
  return query.insertInto(last).values(sets[last] as never);
});

/** One compiled insert per table on SQLite, made on first use. */
const insertOneTable = new Map<string, (db: DbOrTrx, sets: Sets) => Promise<unknown>>();

function insertInto(table: keyof Database & string) {
  let insert = insertOneTable.get(table);
  if (!insert) insertOneTable.set(table, (insert = fixedInsert((db: DbOrTrx, sets: Sets) => db.insertInto(table).values(sets[table] as never))));
  return insert;
}

/**
 * Writes rows of several tables whose results nobody reads back: one round trip on PostgreSQL
 * (decision 038), one insert per table, in the given order, on SQLite, where a statement costs no
 * round trip and data-modifying CTEs do not exist. Empty sets are left out.
 */
export async function insertTogether(db: DbOrTrx, rows: TableRows): Promise<void> {
  const sets: Sets = {};
  for (const [table, set] of Object.entries(rows)) if (set?.length) sets[table] = set;
  const tables = Object.keys(sets) as (keyof Database & string)[];
  if (!tables.length) return;
  if (onPostgres(db) && tables.length > 1) {
    await insertAtOnce(db, sets);
    return;
  }
  for (const table of tables) await insertInto(table)(db, { [table]: sets[table]! });
}
