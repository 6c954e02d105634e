import type { Kysely } from 'kysely';

/**
 * The refund ledger (issue 51): one row per refund the product promises, written in the same
 * transaction as the change that causes it and carried out later by the sweeper through the
 * gateway that took the money (or paid out by staff for cash and operator-account payments).
 * The sum of a payment's refunds never exceeds what it captured; the check and the insert share
 * one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('group_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('booking_request_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('cause_ref', 'varchar(64)')
    .addColumn('requested_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('gateway_refund_id', 'varchar(64)')
    .addColumn('failure_code', 'varchar(64)')
    .addColumn('failure_reason', 'varchar(500)')
    .addColumn('paid_out_by', 'integer')
    .addColumn('paid_out_how', 'varchar(200)')
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('confirmed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refunds_due_idx').on('refunds').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('refunds_group_idx').on('refunds').column('group_code').execute();
  await db.schema.createIndex('refunds_source_idx').on('refunds').columns(['source', 'source_ref']).execute();
  await db.schema.createIndex('refunds_created_idx').on('refunds').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
}
