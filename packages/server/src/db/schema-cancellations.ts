import type { Generated } from 'kysely';

/** Tables of weather cancellations (migration 015); see schema.ts for the conventions. */

/** A flight (leg_id null) or one leg of a rotation cancelled by staff, with the reason. */
export interface FlightCancellationsTable {
  id: Generated<number>;
  flight_id: number;
  leg_id: number | null;
  reason: string;
  created_by: number;
  created_at: string;
}

/** One booking group on a cancelled flight: its personal link (hash only) and the choice made. */
export interface CancellationNoticesTable {
  id: Generated<number>;
  cancellation_id: number;
  group_code: string;
  /** SHA-256 of the link's token; the token is HMAC(secret, nonce), so the reminder can send the same link. */
  token_hash: string;
  token_nonce: string;
  lang: string;
  email: string;
  /** JSON array of the affected (live) ticket numbers when notified. */
  ticket_nrs: string;
  /** What those tickets were paid (tickets.total_cents), from our records. */
  paid_cents: number;
  /** null until answered: 'move' | 'refund' | 'voucher' */
  choice: string | null;
  /** JSON: the change code, the target flight, the voucher code … */
  choice_detail: string | null;
  chosen_at: string | null;
  reminded_at: string | null;
  created_at: string;
}

export interface CancellationTables {
  flight_cancellations: FlightCancellationsTable;
  cancellation_notices: CancellationNoticesTable;
}
