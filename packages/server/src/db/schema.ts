import type { Bool } from './column-types.ts';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BookingTables } from './schema-booking.ts';
import type { BookingAuditTable } from './schema-audit.ts';
import type { CheckInTables } from './schema-checkin.ts';
import type { FailedBookingTables } from './schema-failed.ts';
import type { PaymentsTables } from './schema-payments.ts';
import type { PublicSiteTables } from './schema-public-site.ts';
import type { TicketChangesTables } from './schema-ticket-changes.ts';
import type { TicketsTables } from './schema-tickets.ts';
import type { CancellationTables } from './schema-cancellations.ts';
import type { RefundTables } from './schema-refunds.ts';

/**
 * Tables, one interface each. Portable types only (see docs/decisions/002): instants are
 * ISO-8601 UTC text, calendar dates YYYY-MM-DD text, booleans 0/1 integers, money integer cents.
 */
export type { Bool };

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  is_agency: Bool;
  is_agency_auth: Bool;
  agency_authorised_at: string | null;
  agency_authorised_by: number | null;
  locale: string;
  created_at: string;
  updated_at: string;
}

export interface PaxesTable {
  id: Generated<number>;
  user_id: number;
  lastname: string;
  firstname: string;
  gender: string | null;
  birthdate: string | null;
  address: string;
  city: string;
  province: string | null;
  country_code: string;
  zipcode: string;
  telephone: string;
  document_type_id: number | null;
  document_num: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface DocumentTypesTable {
  id: number;
  code: string;
  text_it: string;
  text_en: string;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie value
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The session a SPA login's token belongs to (migration 010): valid only while that session is. */
  session_id: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Fixed-window counters for per-account throttling, shared by all app instances. */
export interface ThrottlesTable {
  key: string;
  window_start: string;
  hits: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  created_at: string;
  sent_at: string | null;
  transport: string; // 'outbox' (kept for /dev/mailbox) or 'smtp'
  error: string | null;
  // The queue (migration 012): the SMTP sender's bookkeeping. error is the last attempt's.
  reply_to: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null; // due for a (next) attempt; null: nothing left to do
  locked_until: string | null; // claimed by a sender until then
  failed_at: string | null; // given up
  attach_json: string | null; // attachments still to render at delivery (migration 016)
}

export interface PlacesTable {
  id: number;
  code: string;
  name_it: string;
  name_en: string;
  can_depart: Bool;
  can_arrive: Bool;
}

export interface AircraftTable {
  id: Generated<number>;
  registration: string;
  model: string;
  seats: number;
  /** Maximum payload for passengers and bags, kg (migration 014; the seed keeps it from the domain's FLEET). */
  payload_kg: number | null;
  payload_source: string | null;
}

/** One rotation on a date (e.g. Foggia -> Vieste -> Tremiti), flown by one aircraft. */
export interface FlightsTable {
  id: Generated<number>;
  code: string; // LID…
  service_date: string; // Rome calendar date
  aircraft_id: number;
  is_extra: Bool;
  status: string; // 'scheduled' | 'cancelled'
  pattern: string | null; // the schedule pattern it was generated from, null when added by hand
  created_at: string;
}

export interface FlightLegsTable {
  id: Generated<number>;
  flight_id: number;
  seq: number;
  origin_id: number;
  destination_id: number;
  departs_at: string; // UTC instant
  arrives_at: string;
  /** 'scheduled' | 'cancelled': one leg of a rotation cancelled on its own (migration 015). */
  status: Generated<string>;
}

/** Every table: accounts and schedule here, the other areas in schema-<area>.ts. */
export interface Database
  extends PublicSiteTables, BookingTables, PaymentsTables, FailedBookingTables, TicketChangesTables, TicketsTables, CancellationTables, RefundTables {
  users: UsersTable;
  paxes: PaxesTable;
  user_roles: UserRolesTable;
  document_types: DocumentTypesTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  password_resets: PasswordResetsTable;
  throttles: ThrottlesTable;
  mail_outbox: MailOutboxTable;
  places: PlacesTable;
  aircraft: AircraftTable;
  flights: FlightsTable;
  flight_legs: FlightLegsTable;
}

/** The check-in desk (schema-checkin.ts), merged into Database. */
export interface Database {
  check_ins: CheckInTables['check_ins'];
  flight_closures: CheckInTables['flight_closures'];
}

/** The booking audit log (schema-audit.ts), merged into Database. */
export interface Database {
  booking_audit: BookingAuditTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Pax = Selectable<PaxesTable>;
export type NewPax = Insertable<PaxesTable>;
export type MailRow = Selectable<MailOutboxTable>;
