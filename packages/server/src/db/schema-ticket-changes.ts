import type { Bool } from './column-types.ts';

/** Tables of ticket changes (migration 009); see schema.ts for the conventions. */

/** A change of a booking's tickets, riding on its booking_requests row (channel CHANGE). */
export interface TicketChangeRequestsTable {
  booking_request_id: number;
  /** The bookingRequestUuid of the wire (status poll, PayPal). */
  uuid: string;
  group_code: string;
  /** The planned moves and cancellations (ticket-changes/plan.ts StoredPlan). */
  plan_json: string;
  difference_cents: number;
  admin_fee_cents: number;
  refund_cents: number;
  /** What is paid: difference + admin fee. */
  amount_cents: number;
  created_by: number;
  applied_at: string | null;
  created_at: string;
}

/** The mark on a stored ticket that a change moved or cancelled; its refund when cancelled. */
export interface TicketChangesTable {
  ticket_nr: string;
  change_request_id: number;
  kind: 'moved' | 'cancelled';
  moved_to: string | null;
  paid_cents: number;
  refund_cents: number;
  refunded_perc: number;
  refunded_fee_cents: number;
  refunded_tax: Bool;
  refunded_landing_fee: Bool;
  created_at: string;
}

/** Our record of a PayPal order (the provider keeps its own). */
export interface PaypalOrdersTable {
  id: string;
  booking_request_id: number;
  /** The PayPal-Request-Id the order was created with. */
  request_key: string;
  amount_cents: number;
  status: string; // CREATED | COMPLETED | DECLINED
  capture_id: string | null;
  error_code: string | null;
  created_at: string;
  updated_at: string;
}

export interface TicketChangesTables {
  ticket_change_requests: TicketChangeRequestsTable;
  ticket_changes: TicketChangesTable;
  paypal_orders: PaypalOrdersTable;
}
