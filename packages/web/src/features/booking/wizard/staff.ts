import { isValidEmail } from '@heliline/domain/booking/email';
import { issue } from '@heliline/domain/booking/issue';
import type { WizardIssue } from '@heliline/domain/booking/wizard-messages';
import { BOOKING_TYPE, type BookingType } from '@heliline/domain/booking/payment-types';
import type { TStoreResponse } from '@heliline/domain';
import { can } from '@heliline/domain/roles';

/**
 * The staff side of the wizard (spec §2 step 2 and 4, §4 booking outcome, §5 step 4): the
 * rules of the payment-link e-mail and of a seat block's reason, and what the screen does
 * with each answer of POST /api/bookings.
 */

/** 'Email per invio link non valida!' next to the field; nothing is sent (§5 step 4). */
export function paymentLinkIssues(email: string): WizardIssue[] {
  return isValidEmail(email.trim()) ? [] : [issue('paymentLinkEmailInvalid', undefined, 'contacts.email_payment_link')];
}

/** 'Motivazione obbligatoria' (§5 step 4). */
export function blockReasonIssues(reason: string): WizardIssue[] {
  return reason.trim() ? [] : [issue('blockReasonRequired', undefined, 'blockReason')];
}

/** What the wizard shows after a store answer (§4 "Booking outcome"). */
export type StoreOutcome =
  /** Type 1: the browser goes to the bank (state 40 meanwhile). */
  | { kind: 'bank'; link: string }
  /** Type -1: state 42 with the link and the address it was sent to. */
  | { kind: 'link'; link: string; email: string; code: string }
  /** Cash, operator account, a voucher covering all: the receipt after a 3-second countdown (state 40 meanwhile). */
  | { kind: 'status'; code: string }
  /** Type 4: back to step 1 with the confirmation panel. */
  | { kind: 'blocked'; code: string }
  /** State 41 with the server's message. */
  | { kind: 'error' };

/** `sentTo`: the payment-link e-mail the wizard sent, when the answer does not repeat it. */
export function storeOutcome(answer: TStoreResponse, type: BookingType, sentTo: string): StoreOutcome {
  if (answer.status === 'error') return { kind: 'error' };
  if (answer.status === 'block-confirmed') return { kind: 'blocked', code: answer.bookingCode ?? '' };
  const link = answer.payment_link ?? answer.bank_link;
  if (type === BOOKING_TYPE.paymentLink && link) return { kind: 'link', link, email: answer.email_payment_link ?? sentTo.trim(), code: answer.bookingCode ?? '' };
  if (type === BOOKING_TYPE.card && answer.bank_link) return { kind: 'bank', link: answer.bank_link };
  const paidAtOnce = type === BOOKING_TYPE.cash || type === BOOKING_TYPE.operatorAccount || type === BOOKING_TYPE.voucher;
  if (paidAtOnce && answer.bookingCode) return { kind: 'status', code: answer.bookingCode };
  return { kind: 'error' };
}

/** The receipt's address: /booking-status/{base64 of the code} (spec §2). */
export function statusPathOf(code: string): string {
  return `/booking-status/${encodeURIComponent(btoa(code))}`;
}

/** The receipt countdown of cash and operator-account bookings (spec §9). */
export const REDIRECT_SECONDS = 3;

/** The two locked payment buttons: unlocking one re-locks the other (spec §2 step 4). */
export type PaymentLock = 'cash' | 'account';
export function toggleLock(unlocked: PaymentLock | null, which: PaymentLock): PaymentLock | null {
  return unlocked === which ? null : which;
}

/** What the staff member may do on step 4 (spec §6); `shown`: the staff payment area appears at all. */
export interface StaffPayments {
  shown: boolean;
  /** Admin, Prenotazioni, PrenotaFull: the payment-link e-mail field (they have no card Checkout). */
  linkEmail: boolean;
  paymentLink: boolean;
  cash: boolean;
  account: boolean;
}

export function staffPaymentsOf(roles: readonly string[]): StaffPayments {
  const p = {
    linkEmail: can(roles, 'booking.staffPaymentArea'),
    paymentLink: can(roles, 'booking.paymentLink'),
    cash: can(roles, 'booking.cash'),
    account: can(roles, 'booking.operatorAccount'),
  };
  return { ...p, shown: p.linkEmail || p.cash || p.account };
}
