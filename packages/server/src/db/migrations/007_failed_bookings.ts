import type { Kysely } from 'kysely';

/**
 * How staff handle a failed booking request (spec §4): who has it in use (selected) and
 * whether it is locked against removal. One row per request, created on first use; every
 * change is a conditional UPDATE on it (docs/decisions/011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_handling')
    .addColumn('booking_request_id', 'integer', (c) => c.primaryKey().references('booking_requests.id').onDelete('cascade'))
    .addColumn('in_use_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('in_use_since', 'varchar(32)')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // One row in use per staff member at a time (NULLs do not collide on either database).
  await db.schema.createIndex('booking_handling_in_use_uq').on('booking_handling').column('in_use_by').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_handling').execute();
}
