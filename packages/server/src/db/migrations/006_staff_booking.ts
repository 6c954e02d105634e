import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Staff booking tools (docs/decisions/010): payment links, cash and operator-account payments
 * with who took them, and the one-pet-per-flight claim. A blocked booking (type 4) is a
 * booking_requests row with status 'blocked', its reason in `note`, its expiry in hold_expires_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Only the SHA-256 of the link's token is stored: the link itself exists only in the e-mail and the staff answer.
  await withId(db.schema.createTable('payment_links'), db)
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().references('booking_requests.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('lang', 'varchar(2)', (c) => c.notNull())
    .addColumn('bank_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_links_request_idx').on('payment_links').column('booking_request_id').execute();

  await withId(db.schema.createTable('staff_payments'), db)
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().unique().references('booking_requests.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('taken_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // One row per flight that carries a pet: the primary key is the race-safe "one pet per flight".
  await db.schema
    .createTable('flight_pets')
    .addColumn('flight_id', 'integer', (c) => c.primaryKey().references('flights.id').onDelete('cascade'))
    .addColumn('booking_request_id', 'integer', (c) => c.notNull().references('booking_requests.id').onDelete('cascade'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['flight_pets', 'staff_payments', 'payment_links']) await db.schema.dropTable(t).execute();
}
