import type { Generated } from 'kysely';

/**
 * Columns migration 008 adds to `tickets` (merged into TicketsTable in schema-payments.ts' place
 * through `Database`), and the ticket event log; see schema.ts for the conventions.
 */
export interface MyTicketsColumns {
  /** document_types.id */
  doc_type: number | null;
  doc_num: string | null;
  /** YYYY-MM-DD */
  doc_expdate: string | null;
  address: string | null;
  tel: string | null;
  /** JSON {minor, pregnant, weapons}: the forms last e-mailed with the ticket. */
  email_pdf_forms: string | null;
}

/** Every change to an issued ticket: who, when, what it was, what it became (JSON). */
export interface TicketEventsTable {
  id: Generated<number>;
  ticket_nr: string;
  /** 'passenger-edit' | 'email' | … */
  kind: string;
  actor_user_id: number | null;
  old_values: string | null;
  new_values: string | null;
  created_at: string;
}

export interface TicketsTables {
  ticket_events: TicketEventsTable;
}
