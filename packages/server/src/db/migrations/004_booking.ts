import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

/** Inventory per leg, seat holds, booking requests with passengers, prices and event log, coupons. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leg_inventory')
    .addColumn('flight_leg_id', 'integer', (c) => c.primaryKey().references('flight_legs.id').onDelete('cascade'))
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('leg_inventory_counts_ck', sqlCheck())
    .execute();

  await withId(db.schema.createTable('booking_requests'), db)
    .addColumn('code', 'varchar(8)', (c) => c.notNull().unique())
    .addColumn('group_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('flight_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull())
    .addColumn('destination_id', 'integer', (c) => c.notNull())
    .addColumn('departure_flight_id', 'integer', (c) => c.notNull().references('flights.id'))
    .addColumn('comeback_flight_id', 'integer', (c) => c.references('flights.id'))
    .addColumn('men', 'integer', (c) => c.notNull())
    .addColumn('women', 'integer', (c) => c.notNull())
    .addColumn('children', 'integer', (c) => c.notNull())
    .addColumn('infants', 'integer', (c) => c.notNull())
    .addColumn('contact_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('contact_telephone', 'varchar(64)', (c) => c.notNull())
    .addColumn('coupon_code', 'varchar(32)')
    .addColumn('coupon_perc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tickets_cents', 'integer', (c) => c.notNull())
    .addColumn('taxes_cents', 'integer', (c) => c.notNull())
    .addColumn('landing_taxes_cents', 'integer', (c) => c.notNull())
    .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('invoice_json', 'text')
    .addColumn('forms_json', 'text')
    .addColumn('hold_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('hold_extended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('bank_message', 'varchar(255)')
    .addColumn('error_code', 'varchar(32)')
    .addColumn('failure_reason', 'varchar(255)')
    .addColumn('note', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The sweeper looks for pending requests past their deadline; owners list their own.
  await db.schema.createIndex('booking_requests_status_exp_idx').on('booking_requests').columns(['status', 'hold_expires_at']).execute();
  await db.schema.createIndex('booking_requests_user_idx').on('booking_requests').column('user_id').execute();
  await db.schema.createIndex('booking_requests_group_idx').on('booking_requests').column('group_code').execute();

  await withId(db.schema.createTable('seat_holds'), db)
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().references('booking_requests.id').onDelete('cascade'))
    .addColumn('flight_leg_id', 'integer', (c) => c.notNull().references('flight_legs.id'))
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seat_holds_request_idx').on('seat_holds').column('booking_request_id').execute();
  await db.schema.createIndex('seat_holds_leg_idx').on('seat_holds').columns(['flight_leg_id', 'status']).execute();

  await withId(db.schema.createTable('booking_passengers'), db)
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().references('booking_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('pax_id', 'integer')
    .addColumn('category', 'varchar(2)', (c) => c.notNull())
    .addColumn('tkt_category', 'varchar(3)', (c) => c.notNull())
    .addColumn('gender', 'varchar(1)')
    .addColumn('lastname', 'varchar(255)', (c) => c.notNull())
    .addColumn('firstname', 'varchar(255)', (c) => c.notNull())
    .addColumn('birth_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('residence', 'varchar(255)')
    .addColumn('document_type', 'integer', (c) => c.notNull())
    .addColumn('document_num', 'varchar(64)')
    .addColumn('email', 'varchar(255)')
    .addColumn('telephone', 'varchar(64)')
    .addColumn('exemption', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dsc', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('booking_passengers_pos_uq', ['booking_request_id', 'position'])
    .execute();

  await withId(db.schema.createTable('booking_price_lines'), db)
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().references('booking_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('direction', 'varchar(1)', (c) => c.notNull())
    .addColumn('fare_cents', 'integer', (c) => c.notNull())
    .addColumn('ticket_cents', 'integer', (c) => c.notNull())
    .addColumn('ticket_nodsc_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('landing_tax_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('total_nodsc_cents', 'integer', (c) => c.notNull())
    .addUniqueConstraint('booking_price_lines_uq', ['booking_request_id', 'position', 'direction'])
    .execute();

  await withId(db.schema.createTable('booking_events'), db)
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().references('booking_requests.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_events_request_idx').on('booking_events').column('booking_request_id').execute();

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('perc', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'varchar(10)')
    .addColumn('valid_to', 'varchar(10)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('coupon_failures'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_failures_user_idx').on('coupon_failures').columns(['user_id', 'created_at']).execute();
}

/** The database itself refuses an oversold leg, whatever code runs (last line of defence). */
function sqlCheck() {
  return sql`sold >= 0 and held >= 0 and blocked >= 0 and sold + held + blocked <= capacity`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['coupon_failures', 'coupons', 'booking_events', 'booking_price_lines', 'booking_passengers', 'seat_holds', 'booking_requests', 'leg_inventory']) {
    await db.schema.dropTable(t).execute();
  }
}
