import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import * as m001 from './migrations/001_accounts.ts';
import * as m002 from './migrations/002_schedule.ts';
import * as m003 from './migrations/003_public_site.ts';
import * as m004 from './migrations/004_booking.ts';
import * as m005 from './migrations/005_payments_tickets.ts';
import * as m006 from './migrations/006_staff_booking.ts';
import * as m007 from './migrations/007_failed_bookings.ts';
import * as m008 from './migrations/008_my_tickets.ts';
import * as m009 from './migrations/009_ticket_changes.ts';
import * as m010 from './migrations/010_rate_limits.ts';
import * as m011 from './migrations/011_privacy_audit.ts';
import * as m012 from './migrations/012_mail_outbox_queue.ts';
import * as m013b from './migrations/013_booking_hold_indexes.ts';
import * as m014 from './migrations/014_flight_day_checkin.ts';
import * as m015 from './migrations/015_flight_cancellations.ts';
import * as m016 from './migrations/016_mail_attach_at_delivery.ts';
import * as m017 from './migrations/017_refunds.ts';
import * as m018 from './migrations/018_voucher_balance.ts';
import * as m019 from './migrations/019_sandbox_bank_refunds.ts';

// Listed explicitly (not read from disk) so the same list runs under tsx, Vitest and a bundle.
const MIGRATIONS: Record<string, Migration> = {
  '001_accounts': m001,
  '002_schedule': m002,
  '003_public_site': m003,
  '004_booking': m004,
  '005_payments_tickets': m005,
  '006_staff_booking': m006,
  '007_failed_bookings': m007,
  '008_my_tickets': m008,
  '009_ticket_changes': m009,
  '010_rate_limits': m010,
  '011_privacy_audit': m011,
  '012_mail_outbox_queue': m012,
  '013_booking_hold_indexes': m013b,
  '014_flight_day_checkin': m014,
  '015_flight_cancellations': m015,
  '016_mail_attach_at_delivery': m016,
  '017_refunds': m017,
  '018_voucher_balance': m018,
  '019_sandbox_bank_refunds': m019,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL keep Kysely's bookkeeping tables in the schema we migrate (search_path),
  // or a second schema on the same server (tests, several tenants) would find the other's.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db).catch(() => ({ rows: [] }));
  const migrationTableSchema = rows[0]?.schema ?? undefined;
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
