import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Payments (merchant side), the built-in sandbox bank's own orders, verified notifications
 * (idempotency), tickets, and attachments of outgoing mail (ticket PDFs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
    .addColumn('gateway_order_id', 'varchar(64)')
    .addColumn('reference', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('customer_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('return_path', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('bank_message', 'varchar(255)')
    .addColumn('error_code', 'varchar(16)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('refunded_at', 'varchar(32)')
    .addColumn('refund_reason', 'varchar(255)')
    .execute();
  await db.schema.createIndex('payments_reference_idx').on('payments').column('reference').execute();
  await db.schema.createIndex('payments_status_idx').on('payments').columns(['status', 'created_at']).execute();

  await withId(db.schema.createTable('payment_events'), db)
    .addColumn('payment_id', 'varchar(40)', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('detail', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_events_payment_idx').on('payment_events').column('payment_id').execute();

  await db.schema
    .createTable('payment_notifications')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey()) // the bank's notification id
    .addColumn('payment_id', 'varchar(40)', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('body_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // The sandbox bank's side: what it was asked to charge and what the buyer chose.
  await db.schema
    .createTable('sandbox_bank_orders')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('merchant_payment_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('merchant', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('return_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('bank_message', 'varchar(255)')
    .addColumn('error_code', 'varchar(16)')
    .addColumn('notification_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('tickets')
    .addColumn('ticket_nr', 'varchar(7)', (c) => c.primaryKey())
    .addColumn('booking_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('passenger_key', 'varchar(16)', (c) => c.notNull())
    .addColumn('direction', 'varchar(1)', (c) => c.notNull())
    .addColumn('ticket_nr_inv', 'varchar(7)')
    .addColumn('owner_user_id', 'integer', (c) => c.notNull())
    .addColumn('contact_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(255)', (c) => c.notNull())
    .addColumn('firstname', 'varchar(255)', (c) => c.notNull())
    .addColumn('birth_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('category', 'varchar(2)', (c) => c.notNull())
    .addColumn('tkt_category', 'varchar(3)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('flight_id', 'integer', (c) => c.notNull())
    .addColumn('flight_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('departs_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('arrives_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull())
    .addColumn('destination_id', 'integer', (c) => c.notNull())
    .addColumn('fare_cents', 'integer', (c) => c.notNull())
    .addColumn('ticket_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('landing_tax_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('tickets_booking_pax_dir_uq', ['booking_code', 'passenger_key', 'direction'])
    .execute();
  await db.schema.createIndex('tickets_owner_idx').on('tickets').column('owner_user_id').execute();

  await withId(db.schema.createTable('mail_attachments'), db)
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_base64', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_attachments_mail_idx').on('mail_attachments').column('mail_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['mail_attachments', 'tickets', 'sandbox_bank_orders', 'payment_notifications', 'payment_events', 'payments']) {
    await db.schema.dropTable(t).execute();
  }
}
