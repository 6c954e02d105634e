import type { Kysely } from 'kysely';

/**
 * The per-buyer hold limit (booking/requests/hold-limit.ts) counts one buyer's pending holds in
 * every card booking's transaction. With only (status, hold_expires_at) and (user_id) to choose
 * from, SQLite's planner (no ANALYZE statistics) walked every pending request of every buyer:
 * a large share of a booking's CPU under load (issue 12, decision 021). These put the buyer first and
 * replace the single-column ones (their prefix serves the same lookups), so an insert writes no
 * more index pages than before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('booking_requests_user_idx').execute();
  await db.schema.dropIndex('booking_requests_hold_ip_idx').execute();
  await db.schema.createIndex('booking_requests_user_status_idx').on('booking_requests').columns(['user_id', 'status', 'hold_expires_at']).execute();
  await db.schema.createIndex('booking_requests_ip_status_idx').on('booking_requests').columns(['hold_ip', 'status', 'hold_expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('booking_requests_ip_status_idx').execute();
  await db.schema.dropIndex('booking_requests_user_status_idx').execute();
  await db.schema.createIndex('booking_requests_hold_ip_idx').on('booking_requests').column('hold_ip').execute();
  await db.schema.createIndex('booking_requests_user_idx').on('booking_requests').column('user_id').execute();
}
