import { type Compilable, type CompiledQuery, isOperationNodeSource } from 'kysely';
import type { DbOrTrx } from './database.ts';

/** The rows a statement inserts, by name (one name per table of a multi-table statement). */
export type RowSets = Record<string, readonly Record<string, unknown>[]>;

/** Shapes kept per statement (a booking has 1–12 passengers; past this, calls build as usual). */
const MAX_SHAPES = 100;

/** Stands for one value of one row while Kysely compiles the statement. */
class Cell {
  constructor(
    readonly set: string,
    readonly row: number,
    readonly column: string,
  ) {}
}

const isSqlValue = (value: unknown) => typeof value === 'function' || isOperationNodeSource(value);

/**
 * A row set's part of the shape key — its name, row count and the columns its rows give a value —
 * or null when its rows differ or hold SQL expressions. Built in one pass, without arrays: it
 * runs on every insert of the booking path.
 */
function shapeOf(name: string, rows: readonly Record<string, unknown>[]): string | null {
  let key = `|${name}:${rows.length}:`;
  if (!rows.length) return key;
  const first = rows[0]!;
  let columns = 0;
  for (const column in first) {
    const value = first[column];
    if (value === undefined) continue;
    if (isSqlValue(value)) return null;
    key += `${column},`;
    columns++;
  }
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r]!;
    let defined = 0;
    for (const column in row) {
      const value = row[column];
      if (value === undefined) continue;
      // Same count and every column also in the first row: the same set of columns.
      if (first[column] === undefined || isSqlValue(value)) return null;
      defined++;
    }
    if (defined !== columns) return null;
  }
  return key;
}

/**
 * An insert of rows (or several, as data-modifying CTEs) compiled by Kysely once per dialect and
 * shape — how many rows of each set, which columns — instead of on every call: each call only
 * binds its values. Building and compiling a wide or multi-row insert costs Kysely 25–50 µs,
 * more than SQLite takes to run it. Rows that do not fit one shape (differing columns, SQL
 * expressions as values) are built the ordinary way.
 */
export function fixedInsert<S extends RowSets, R>(build: (db: DbOrTrx, sets: S) => Compilable<R>): (db: DbOrTrx, sets: S) => Promise<R[]> {
  const compiled = new Map<string, { query: CompiledQuery<R>; cells: (Cell | undefined)[] }>();
  const dialects = new Map<unknown, number>();
  return async (db, sets) => {
    const adapter = db.getExecutor().adapter.constructor;
    if (!dialects.has(adapter)) dialects.set(adapter, dialects.size);
    let key = String(dialects.get(adapter));
    for (const name in sets) {
      const shape = shapeOf(name, sets[name]!);
      if (shape === null) return (await db.executeQuery(build(db, sets).compile())).rows;
      key += shape;
    }
    let entry = compiled.get(key);
    if (!entry && compiled.size >= MAX_SHAPES) return (await db.executeQuery(build(db, sets).compile())).rows;
    if (!entry) {
      const placeholders: RowSets = {};
      for (const name in sets) {
        placeholders[name] = sets[name]!.map((row, i) => {
          const cells: Record<string, Cell> = {};
          for (const column in row) if (row[column] !== undefined) cells[column] = new Cell(name, i, column);
          return cells;
        });
      }
      const query = build(db, placeholders as S).compile();
      entry = { query, cells: query.parameters.map((p) => (p instanceof Cell ? p : undefined)) };
      compiled.set(key, entry);
    }
    const { query, cells } = entry;
    const parameters: unknown[] = new Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      parameters[i] = cell ? sets[cell.set]![cell.row]![cell.column] : query.parameters[i];
    }
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
