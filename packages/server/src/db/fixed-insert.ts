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

/** One row set's shape: its name, how many rows, and the columns each row gives a value, in order. */
interface SetShape {
  name: string;
  rows: number;
  columns: string[];
}

/** A statement compiled for one shape, and where each of its parameters comes from. */
interface Compiled<R> {
  shape: SetShape[];
  query: CompiledQuery<R>;
  cells: (Cell | undefined)[];
}

/**
 * Whether a row gives values to exactly these columns, in this order, and no SQL expression. No
 * strings are built: on the booking path a 40-column key string cost ~3.5 µs to build and hash,
 * comparing the (interned) names ~0.3 µs.
 */
function rowFits(row: Record<string, unknown>, columns: readonly string[]): boolean {
  let i = 0;
  for (const column in row) {
    const value = row[column];
    if (value === undefined) continue;
    if (columns[i] !== column || isSqlValue(value)) return false;
    i++;
  }
  return i === columns.length;
}

function fits(sets: RowSets, shape: readonly SetShape[]): boolean {
  let i = 0;
  for (const name in sets) {
    const expected = shape[i++];
    const rows = sets[name]!;
    if (expected?.name !== name || rows.length !== expected.rows) return false;
    for (const row of rows) if (!rowFits(row, expected.columns)) return false;
  }
  return i === shape.length;
}

/** The sets' shape, or null when a set's rows differ from its first row or hold SQL expressions. */
function shapeOf(sets: RowSets): SetShape[] | null {
  const shape: SetShape[] = [];
  for (const name in sets) {
    const rows = sets[name]!;
    const columns = rows.length ? Object.keys(rows[0]!).filter((column) => rows[0]![column] !== undefined) : [];
    if (!rows.every((row) => rowFits(row, columns))) return null;
    shape.push({ name, rows: rows.length, columns });
  }
  return shape;
}

/**
 * An insert of rows (or several, as data-modifying CTEs) compiled by Kysely once per dialect and
 * shape — how many rows of each set, which columns — instead of on every call: each call only
 * binds its values. Building and compiling a wide or multi-row insert costs Kysely 25–50 µs,
 * more than SQLite takes to run it. Rows that do not fit one shape (differing columns, SQL
 * expressions as values) are built the ordinary way.
 */
export function fixedInsert<S extends RowSets, R>(build: (db: DbOrTrx, sets: S) => Compilable<R>): (db: DbOrTrx, sets: S) => Promise<R[]> {
  // Per dialect, the shapes seen so far: a handful (a booking has 1–12 passengers), matched in turn.
  const compiledByDialect = new Map<unknown, Compiled<R>[]>();
  return async (db, sets) => {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = compiledByDialect.get(adapter);
    if (!compiled) compiledByDialect.set(adapter, (compiled = []));
    let entry = compiled.find((candidate) => fits(sets, candidate.shape));
    if (!entry) {
      const shape = compiled.length < MAX_SHAPES ? shapeOf(sets) : null;
      if (!shape) return (await db.executeQuery(build(db, sets).compile())).rows;
      const placeholders: RowSets = {};
      for (const { name, rows, columns } of shape) {
        placeholders[name] = Array.from({ length: rows }, (_, row) => Object.fromEntries(columns.map((column) => [column, new Cell(name, row, column)])));
      }
      const query = build(db, placeholders as S).compile();
      entry = { shape, query, cells: query.parameters.map((p) => (p instanceof Cell ? p : undefined)) };
      compiled.push(entry);
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
