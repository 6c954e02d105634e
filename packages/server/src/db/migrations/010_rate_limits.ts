import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Abuse limits (issue 11, decision 015). The per-IP rate limits now count in the existing
 * `throttles` table (one fixed window per key, shared by every instance), so it gets an index
 * for pruning old windows. A session's bearer token names its session (`session_id`) and is
 * valid only while that session is; booking requests remember the (hashed) address that held
 * their seats, so one address cannot hold more than the seat limit either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('throttles_window_start_idx').on('throttles').column('window_start').execute();

  await db.schema.alterTable('api_tokens').addColumn('session_id', 'varchar(64)').execute();
  await db.schema.createIndex('api_tokens_session_idx').on('api_tokens').column('session_id').execute();
  // Tokens of sessions from before this migration cannot be tied to one: revoke them (their users log in again).
  await sql`update api_tokens set revoked_at = ${new Date().toISOString()} where name like 'session:%' and revoked_at is null`.execute(db);

  await db.schema.alterTable('booking_requests').addColumn('hold_ip', 'varchar(64)').execute();
  await db.schema.createIndex('booking_requests_hold_ip_idx').on('booking_requests').column('hold_ip').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('booking_requests_hold_ip_idx').execute();
  await db.schema.alterTable('booking_requests').dropColumn('hold_ip').execute();
  await db.schema.dropIndex('api_tokens_session_idx').execute();
  await db.schema.alterTable('api_tokens').dropColumn('session_id').execute();
  await db.schema.dropIndex('throttles_window_start_idx').execute();
}
