import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Who changed which booking when (issue 11, item 7): one row per change of a booking request
 * or one of its tickets, written in the transaction of the change itself (modules/audit).
 * No foreign keys: the log outlives what it describes (a pseudonymised account keeps its id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('booking_audit'), db)
    .addColumn('booking_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('ticket_nr', 'varchar(7)')
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_audit_code_idx').on('booking_audit').columns(['booking_code', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_audit').execute();
}
