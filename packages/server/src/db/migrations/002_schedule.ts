import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('places')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('name_it', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('can_depart', 'integer', (c) => c.notNull())
    .addColumn('can_arrive', 'integer', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('aircraft'), db)
    .addColumn('registration', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('model', 'varchar(64)', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('flights'), db)
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('service_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('aircraft_id', 'integer', (c) => c.notNull().references('aircraft.id'))
    .addColumn('is_extra', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('pattern', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('flights_code_date_uq', ['code', 'service_date'])
    .execute();
  await db.schema.createIndex('flights_date_idx').on('flights').column('service_date').execute();

  await withId(db.schema.createTable('flight_legs'), db)
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull().references('places.id'))
    .addColumn('destination_id', 'integer', (c) => c.notNull().references('places.id'))
    .addColumn('departs_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('arrives_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('flight_legs_seq_uq', ['flight_id', 'seq'])
    .execute();
  await db.schema.createIndex('flight_legs_departs_idx').on('flight_legs').column('departs_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['flight_legs', 'flights', 'aircraft', 'places']) await db.schema.dropTable(t).execute();
}
