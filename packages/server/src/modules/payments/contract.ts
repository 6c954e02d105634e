import { randomUUID } from 'node:crypto';
import type { Lang } from '@heliline/domain';
import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { PaymentEventsTable, PaymentsTable, SandboxBankOrdersTable } from '../../db/schema-payments.ts';

/**
 * What the booking module and the payments module promise each other. Payments knows nothing
 * of bookings beyond an opaque reference (the 8-character booking-request code); booking
 * knows nothing of banks beyond this interface. Card data never reaches us: the buyer pays
 * on the gateway's own page.
 */
export type GatewayId = 'sandbox' | 'nexi';

export interface PaymentRequest {
  /** Booking-request code (6-character group code + 2-character suffix). */
  reference: string;
  amountCents: number;
  /** Shown on the bank page, e.g. "Heliline LID101 22/11/2026 – 2 passengers". */
  description: string;
  lang: Lang;
  customerEmail: string;
  /** Where the bank sends the buyer's browser when done (an app path, e.g. /booking-status/…). */
  returnPath: string;
  /** The payment's id when the caller drew it first (newPaymentId), to write it on its own row in the same transaction. */
  paymentId?: string;
}

/** A new payment id: `pay_` and a random UUID (40 characters, the width of the id columns). */
export const newPaymentId = (): string => `pay_${randomUUID()}`;

export interface PaymentCreated {
  paymentId: string;
  /** The spec's bank_link: the gateway's hosted payment page. */
  redirectUrl: string;
}

/** A payment opened at its gateway, with the rows that record it, not yet written (Payments.open). */
export interface OpenedPayment extends PaymentCreated {
  payment: Insertable<PaymentsTable>;
  /** The sandbox bank's own books; none for XPay. */
  bankOrder: Insertable<SandboxBankOrdersTable> | null;
  event: Insertable<PaymentEventsTable>;
}

export type FinalPaymentStatus = 'approved' | 'declined' | 'abandoned';

export interface PaymentOutcome {
  paymentId: string;
  gateway: GatewayId;
  reference: string;
  status: FinalPaymentStatus;
  amountCents: number;
  /** The bank's own message and error code on decline/abandon (spec: bank.message, bank.error_code). */
  bankMessage: string | null;
  errorCode: string | null;
}

/**
 * Called once per verified outcome. Notification replays call it again with the same outcome,
 * so the handler must be idempotent (a booking already paid stays paid, tickets are not issued twice).
 */
export type PaymentOutcomeHandler = (outcome: PaymentOutcome) => Promise<void>;

export interface Payments {
  create(request: PaymentRequest): Promise<PaymentCreated>;
  /**
   * The same in two steps (no network I/O): open at the gateway, then `record` in the caller's
   * transaction, so the payment exists exactly when what it pays for does (the booking, decision 021).
   */
  open(request: PaymentRequest): OpenedPayment;
  record(trx: DbOrTrx, opened: OpenedPayment): Promise<void>;
  onOutcome(handler: PaymentOutcomeHandler): void;
  /**
   * A bank page left open produces no notification. Asks the gateway about old pending
   * payments and reports those it has expired as 'abandoned' (to the handlers too). Safe to
   * run often and on several instances; returns how many were marked. Meant for the sweeper.
   */
  sweepAbandoned(now?: Date): Promise<number>;
  /**
   * After a crash: makes sure the handlers have heard the payment's final outcome (asks the
   * gateway for a decision never notified; re-tells a final one). null while still open.
   */
  reconcile(paymentId: string): Promise<FinalPaymentStatus | null>;
}
