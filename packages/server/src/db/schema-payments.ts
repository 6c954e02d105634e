import type { Generated } from 'kysely';
import type { MyTicketsColumns } from './schema-tickets.ts';

/** Tables of payments and tickets; see schema.ts for the conventions. */

export type PaymentStatus = 'pending' | 'approved' | 'declined' | 'abandoned' | 'refunded';

/** Our (the merchant's) record of one payment attempt; changed only by verified notifications. */
export interface PaymentsTable {
  id: string;
  gateway: string;
  gateway_order_id: string | null;
  /** Booking-request code. */
  reference: string;
  amount_cents: number;
  description: string;
  lang: string;
  customer_email: string;
  return_path: string;
  status: PaymentStatus;
  bank_message: string | null;
  error_code: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  refunded_at: string | null;
  refund_reason: string | null;
}

/** Audit trail: every change of a payment, and every refused or replayed notification. */
export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: string;
  kind: string;
  detail: string | null;
  created_at: string;
}

/** Verified notifications by the bank's id: a replay finds its row and changes nothing. */
export interface PaymentNotificationsTable {
  id: string;
  payment_id: string;
  status: string;
  body_sha256: string;
  received_at: string;
}

export type SandboxOrderState = 'open' | 'approved' | 'declined' | 'cancelled' | 'expired' | 'refunded';

/** The built-in sandbox bank's own books (a real bank keeps these on its side). */
export interface SandboxBankOrdersTable {
  id: string;
  merchant_payment_id: string;
  merchant: string;
  amount_cents: number;
  description: string;
  lang: string;
  return_url: string;
  state: SandboxOrderState;
  bank_message: string | null;
  error_code: string | null;
  notification_id: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

/** The sandbox bank's refunds of its orders (migration 019): partial or whole, one per merchant key. */
export interface SandboxBankRefundsTable {
  id: string;
  order_id: string;
  idempotency_key: string;
  amount_cents: number;
  /** 'done': the bank has credited the card (a sandbox refund settles at once). */
  state: string;
  created_at: string;
}

/** One ticket per passenger per journey, with its own copy of what is printed. */
export interface TicketsTable extends MyTicketsColumns {
  ticket_nr: string;
  booking_code: string;
  passenger_key: string;
  direction: 'd' | 'c';
  ticket_nr_inv: string | null;
  owner_user_id: number;
  contact_email: string;
  lang: string;
  lastname: string;
  firstname: string;
  birth_date: string; // DD/MM/YYYY as printed
  category: string;
  tkt_category: string;
  email: string | null;
  flight_id: number;
  flight_code: string;
  departs_at: string;
  arrives_at: string;
  origin_id: number;
  destination_id: number;
  fare_cents: number;
  ticket_cents: number;
  tax_cents: number;
  landing_tax_cents: number;
  total_cents: number;
  issued_at: string;
}

/** Files attached to an outgoing mail (kept with the outbox row, so a resend has them). */
export interface MailAttachmentsTable {
  id: Generated<number>;
  mail_id: number;
  filename: string;
  content_type: string;
  content_base64: string;
  size: number;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_notifications: PaymentNotificationsTable;
  sandbox_bank_orders: SandboxBankOrdersTable;
  sandbox_bank_refunds: SandboxBankRefundsTable;
  tickets: TicketsTable;
  mail_attachments: MailAttachmentsTable;
}
