import type { Generated } from 'kysely';

/** The refund ledger and voucher balances (migrations 017, 018); see schema.ts for the conventions. */

/** Where the money being refunded was taken, and so where the refund goes. */
export type RefundSource = 'nexi' | 'sandbox' | 'paypal' | 'cash' | 'account' | 'voucher';
/** pending → sent → confirmed, or failed with the gateway's reason (staff may retry). */
export type RefundState = 'pending' | 'sent' | 'confirmed' | 'failed';

export interface RefundsTable {
  id: string;
  group_code: string;
  /** The booking request whose payment is refunded. */
  booking_request_id: number;
  source: RefundSource;
  /** payments.id (nexi, sandbox), paypal_orders.id, staff_payments.id (cash, account) or the voucher code. */
  source_ref: string;
  amount_cents: number;
  /** Why: ticket-cancelled, flight-cancelled, booking-failed, change-not-applied … */
  reason: string;
  /** The change request, cancellation notice … that caused it. */
  cause_ref: string | null;
  /** 'user:<id>' | 'system' | 'passenger-link' (as booking_events.actor). */
  requested_by: string;
  state: RefundState;
  /** Sent to the gateway with every attempt, so a retried call refunds once. */
  idempotency_key: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A worker's claim while it calls the gateway; a dead worker's claim lapses. */
  lease_until: string | null;
  gateway_refund_id: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  /** Cash and operator-account refunds: the staff member who paid out, and how. */
  paid_out_by: number | null;
  paid_out_how: string | null;
  lang: string;
  email: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  confirmed_at: string | null;
}

/** Every change of a voucher's balance: negative when a booking spends it, positive when it is put back. */
export interface VoucherMovementsTable {
  id: Generated<number>;
  code: string;
  booking_request_id: number | null;
  amount_cents: number;
  reason: string;
  created_at: string;
}

export interface RefundTables {
  refunds: RefundsTable;
  voucher_movements: VoucherMovementsTable;
}
