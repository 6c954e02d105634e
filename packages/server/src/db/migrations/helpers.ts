import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Auto-increment primary key that works on both SQLite and PostgreSQL. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, db: Kysely<unknown>) {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
