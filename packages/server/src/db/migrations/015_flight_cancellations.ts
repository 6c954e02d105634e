import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Weather cancellations (issue 13 part B, decision 026): a leg of a rotation can be cancelled on
 * its own (flight_legs.status); the cancellation itself with its reason; one notice per booking
 * group on it, with the SHA-256 of its personal link's token and the passenger's choice; and
 * coupons gain a fixed-amount, single-use kind (the voucher).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('flight_legs')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('scheduled'))
    .execute();

  await withId(db.schema.createTable('flight_cancellations'), db)
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id'))
    .addColumn('leg_id', 'integer', (c) => c.references('flight_legs.id'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flight_cancellations_flight_idx').on('flight_cancellations').column('flight_id').execute();

  await withId(db.schema.createTable('cancellation_notices'), db)
    .addColumn('cancellation_id', 'integer', (c) => c.notNull().references('flight_cancellations.id'))
    .addColumn('group_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('token_nonce', 'varchar(32)', (c) => c.notNull())
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('ticket_nrs', 'text', (c) => c.notNull())
    .addColumn('paid_cents', 'integer', (c) => c.notNull())
    .addColumn('choice', 'varchar(10)')
    .addColumn('choice_detail', 'text')
    .addColumn('chosen_at', 'varchar(32)')
    .addColumn('reminded_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('cancellation_notices_group_uq', ['cancellation_id', 'group_code'])
    .execute();
  await db.schema.createIndex('cancellation_notices_due_idx').on('cancellation_notices').columns(['choice', 'reminded_at', 'created_at']).execute();

  await db.schema.alterTable('coupons').addColumn('amount_cents', 'integer').execute();
  await db.schema
    .alterTable('coupons')
    .addColumn('single_use', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('coupons').addColumn('used_by', 'varchar(8)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ['used_by', 'single_use', 'amount_cents']) await db.schema.alterTable('coupons').dropColumn(c).execute();
  await db.schema.dropTable('cancellation_notices').execute();
  await db.schema.dropTable('flight_cancellations').execute();
  await db.schema.alterTable('flight_legs').dropColumn('status').execute();
}
