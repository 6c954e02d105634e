import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * My tickets: the passenger data the pax modal edits (document, expiry, address, telephone),
 * the forms last e-mailed with a ticket, and an event log of every change made to a ticket
 * after it was issued (who, when, old → new). Cancelled and moved tickets are marked by ticket
 * changes (ticket_changes, migration 009).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'integer' | `varchar(${number})`][] = [
    ['doc_type', 'integer'],
    ['doc_num', 'varchar(255)'],
    ['doc_expdate', 'varchar(10)'], // YYYY-MM-DD
    ['address', 'varchar(255)'],
    ['tel', 'varchar(32)'],
    ['email_pdf_forms', 'varchar(64)'], // JSON {minor, pregnant, weapons}
  ];
  for (const [name, type] of columns) await db.schema.alterTable('tickets').addColumn(name, type).execute();
  await db.schema.createIndex('tickets_departs_idx').on('tickets').columns(['departs_at', 'booking_code']).execute();

  await withId(db.schema.createTable('ticket_events'), db)
    .addColumn('ticket_nr', 'varchar(7)', (c) => c.notNull().references('tickets.ticket_nr').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('old_values', 'text')
    .addColumn('new_values', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_events_ticket_idx').on('ticket_events').column('ticket_nr').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_events').execute();
  await db.schema.dropIndex('tickets_departs_idx').execute();
  for (const name of ['email_pdf_forms', 'tel', 'address', 'doc_expdate', 'doc_num', 'doc_type']) {
    await db.schema.alterTable('tickets').dropColumn(name).execute();
  }
}
