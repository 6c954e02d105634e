import type { Kysely } from 'kysely';

/**
 * Ticket changes (my-tickets edit mode): a change request rides on a booking_requests row
 * (channel CHANGE) so its seat holds and the hold sweeper are the booking module's; this
 * migration adds what the change itself needs: the planned moves and cancellations, the
 * mark left on every stored ticket that was moved or cancelled (with its refund), and our
 * record of PayPal orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ticket_change_requests')
    .addColumn('booking_request_id', 'integer', (c) => c.primaryKey().references('booking_requests.id').onDelete('cascade'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('group_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('plan_json', 'text', (c) => c.notNull())
    .addColumn('difference_cents', 'integer', (c) => c.notNull())
    .addColumn('admin_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('refund_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('applied_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_change_requests_group_idx').on('ticket_change_requests').column('group_code').execute();

  await db.schema
    .createTable('ticket_changes')
    .addColumn('ticket_nr', 'varchar(7)', (c) => c.primaryKey().references('tickets.ticket_nr'))
    .addColumn('change_request_id', 'integer', (c) => c.notNull().references('booking_requests.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('moved_to', 'varchar(7)')
    .addColumn('paid_cents', 'integer', (c) => c.notNull())
    .addColumn('refund_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_perc', 'real', (c) => c.notNull())
    .addColumn('refunded_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_tax', 'integer', (c) => c.notNull())
    .addColumn('refunded_landing_fee', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('paypal_orders')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().references('booking_requests.id'))
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('capture_id', 'varchar(64)')
    .addColumn('error_code', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('paypal_orders_request_idx').on('paypal_orders').column('booking_request_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['paypal_orders', 'ticket_changes', 'ticket_change_requests']) await db.schema.dropTable(t).execute();
}
