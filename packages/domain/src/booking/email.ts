import { EMAIL_PATTERN, TEXT_MAX_LENGTH } from '../email.ts';
import { issue } from './issue.ts';
import type { WizardIssue } from './wizard-messages.ts';

export { EMAIL_PATTERN, TEXT_MAX_LENGTH };

/**
 * No trimming: the failed-bookings screen warns about blank spaces, so " a@b.it" is refused,
 * not silently fixed.
 */
export function isValidEmail(value: string | null | undefined): boolean {
  return !!value && value.length <= TEXT_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Staff send a payment link: the wizard and the failed-bookings screen word it differently. */
export function paymentLinkEmailIssue(email: string | null | undefined, screen: 'wizard' | 'failed' = 'wizard'): WizardIssue | null {
  if (isValidEmail(email)) return null;
  return issue(screen === 'failed' ? 'paymentLinkEmailInvalidCheckSpaces' : 'paymentLinkEmailInvalid', undefined, 'email_payment_link');
}

/** Per-passenger ticket e-mail on the receipt. */
export function receiptEmailIssue(email: string | null | undefined): WizardIssue | null {
  return isValidEmail(email) ? null : issue('receiptEmailInvalid', undefined, 'email');
}

/** Blocking seats needs a reason (stored as bloccaPostiNota). */
export function blockReasonIssue(reason: string | null | undefined): WizardIssue | null {
  const r = reason?.trim() ?? '';
  if (!r) return issue('blockReasonRequired', undefined, 'bloccaPostiNota');
  return r.length > TEXT_MAX_LENGTH ? issue('tooLong', undefined, 'bloccaPostiNota') : null;
}
