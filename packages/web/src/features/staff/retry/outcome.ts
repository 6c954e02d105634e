import type { TStoreResponse } from '@heliline/domain';
import { BOOKING_TYPE } from '@heliline/domain/booking/payment-types';
import { ApiError } from '../../../api/client.ts';

/**
 * What the retry screen does with the store answer (spec §4 "Retry outcome"): type 1 → the bank's
 * page; type -1 → the link to copy; any other success → the booking status after 3 seconds;
 * status error → the server's message; 401 → a login step.
 */
export type RetryOutcome =
  | { kind: 'bank'; url: string }
  | { kind: 'link'; url: string; email: string; code: string }
  | { kind: 'status'; code: string }
  | { kind: 'error'; message: string }
  | { kind: 'login' };

export const STATUS_COUNTDOWN_SECONDS = 3;

export function outcomeOf(answer: TStoreResponse, lang: 'it' | 'en', sentTo: string): RetryOutcome {
  if (answer.status === 'error' || !answer.bookingCode) return { kind: 'error', message: answer.messages?.[lang] ?? answer.message };
  if (answer.type === BOOKING_TYPE.card && answer.bank_link) return { kind: 'bank', url: answer.bank_link };
  if (answer.type === BOOKING_TYPE.paymentLink) {
    const url = answer.payment_link ?? answer.bank_link ?? '';
    return { kind: 'link', url, email: answer.email_payment_link ?? sentTo, code: answer.bookingCode };
  }
  return { kind: 'status', code: answer.bookingCode };
}

/** A failed call: 401 is the login step; the rest is an error with the server's words when it sent any. */
export function outcomeOfError(error: unknown, fallback: string, lang: 'it' | 'en'): RetryOutcome {
  if (error instanceof ApiError && error.status === 401) return { kind: 'login' };
  if (error instanceof ApiError) return { kind: 'error', message: error.body.messages?.[lang] ?? error.body.message ?? fallback };
  return { kind: 'error', message: fallback };
}

/** /booking-status/{base64 of the code} (spec §2). */
export const statusParam = (code: string) => btoa(code);
