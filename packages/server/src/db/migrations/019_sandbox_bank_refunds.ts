import type { Kysely } from 'kysely';

/**
 * The sandbox bank's own record of refunds (issue 51): a bank keeps its refunds on its side,
 * each partial or whole, one per merchant idempotency key however often the merchant asks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_bank_refunds')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_bank_refunds_order_idx').on('sandbox_bank_refunds').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_bank_refunds').execute();
}
