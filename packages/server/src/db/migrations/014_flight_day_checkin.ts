import type { Kysely } from 'kysely';

/**
 * The check-in desk (issue 13 part A, decisions 024 and 025): each aircraft's maximum payload
 * (with where the figure comes from), one row per ticket seen at the desk (checked in when, by
 * whom, with which override reason; its weighed masses) and the closing of a flight's check-in
 * with its load. Masses are integer grams (portable, no float columns; decision 001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('aircraft').addColumn('payload_kg', 'integer').execute();
  await db.schema.alterTable('aircraft').addColumn('payload_source', 'varchar(255)').execute();

  await db.schema
    .createTable('check_ins')
    .addColumn('ticket_nr', 'varchar(7)', (c) => c.primaryKey().references('tickets.ticket_nr'))
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id'))
    .addColumn('checked_in_at', 'varchar(32)')
    .addColumn('checked_in_by', 'integer', (c) => c.references('users.id'))
    .addColumn('override_reason', 'varchar(255)')
    .addColumn('passenger_grams', 'integer')
    .addColumn('bags_grams', 'varchar(255)') // JSON array of integer grams, one per bag
    .addColumn('weighed_at', 'varchar(32)')
    .addColumn('weighed_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('check_ins_flight_idx').on('check_ins').column('flight_id').execute();

  await db.schema
    .createTable('flight_closures')
    .addColumn('flight_id', 'integer', (c) => c.primaryKey().references('flights.id'))
    .addColumn('closed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('total_grams', 'integer', (c) => c.notNull())
    .addColumn('payload_kg', 'integer', (c) => c.notNull())
    .addColumn('over_reason', 'varchar(255)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('flight_closures').execute();
  await db.schema.dropTable('check_ins').execute();
  await db.schema.alterTable('aircraft').dropColumn('payload_source').execute();
  await db.schema.alterTable('aircraft').dropColumn('payload_kg').execute();
}
