import type { Generated } from 'kysely';

/** The booking audit log (migration 011); see schema.ts for the conventions. */
export interface BookingAuditTable {
  id: Generated<number>;
  booking_code: string;
  /** The ticket the change is about, when it is about one. */
  ticket_nr: string | null;
  /** The user who made the change; null for the bank, the sweeper or the system. */
  actor_user_id: number | null;
  /** 'user' | 'bank:<gateway>' | 'paypal' | 'sweeper' | 'system' */
  actor: string;
  action: string;
  /** JSON: what changed, from → to (never card data). */
  detail: string | null;
  created_at: string;
}
