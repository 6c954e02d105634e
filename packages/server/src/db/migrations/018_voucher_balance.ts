import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Vouchers become a means of payment (issue 51): a voucher (a coupon with amount_cents) keeps a
 * balance that a booking spends against its whole total and a refund or a failed booking puts
 * back; every movement is a row. Existing vouchers start with their full amount unless used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('balance_cents', 'integer').execute();
  await sql`update coupons set balance_cents = case when used_by is null then amount_cents else 0 end where amount_cents is not null`.execute(db);

  await withId(db.schema.createTable('voucher_movements'), db)
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('booking_request_id', 'integer')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voucher_movements_code_idx').on('voucher_movements').column('code').execute();
  await db.schema.createIndex('voucher_movements_request_idx').on('voucher_movements').column('booking_request_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voucher_movements').execute();
  await db.schema.alterTable('coupons').dropColumn('balance_cents').execute();
}
