import { CHANGE_TYPE } from '@heliline/domain/booking/payment-types';

/**
 * The payment under way, kept in sessionStorage while the browser is at PayPal's approve page:
 * back on /my-tickets?paypal=…&bookingRequestUuid=…&token=… the page finds it again.
 */
export interface PendingPayment {
  bookingRequestUuid: string;
  bookingCode: string;
  amount: number;
  /** ISO instant when the held seats are released (the countdown's end). */
  deadline: string;
}

const KEY = 'heliline.ticket-change-payment';

/** Spec §9: 600 s to pay. */
const PAYMENT_SECONDS = 600;

export const deadlineFrom = (paymentDeadline: string | null, now = Date.now()) => paymentDeadline ?? new Date(now + PAYMENT_SECONDS * 1000).toISOString();

export function storePayment(p: PendingPayment): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // storage disabled: the return still captures; the countdown restarts from the status
  }
}

export function readPayment(bookingRequestUuid: string): PendingPayment | null {
  try {
    const p = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingPayment | null;
    return p && p.bookingRequestUuid === bookingRequestUuid ? p : null;
  } catch {
    return null;
  }
}

export function forgetPayment(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** What PayPal's return address says (PAYPAL_RETURN_PARAM): approved with the order id, or cancelled. */
export interface PaypalReturn {
  outcome: 'approved' | 'cancelled';
  bookingRequestUuid: string;
  orderId: string | null;
}

export function paypalReturnOf(search: URLSearchParams): PaypalReturn | null {
  const outcome = search.get('paypal');
  const uuid = search.get('bookingRequestUuid');
  if ((outcome !== 'approved' && outcome !== 'cancelled') || !uuid) return null;
  return { outcome, bookingRequestUuid: uuid, orderId: search.get('token') };
}

/** INSTRUMENT_DECLINED anywhere in a capture answer or error body: the buyer picks another instrument. */
export function isInstrumentDeclined(body: unknown): boolean {
  return JSON.stringify(body ?? '').includes('INSTRUMENT_DECLINED');
}

/** Spec §4: polling stops when status is true and type is 1 or -1 (or the change failed or expired). */
export function pollDone(a: { status: boolean; type: number; state: string } | undefined): boolean {
  if (!a) return false;
  return (a.status && (a.type === CHANGE_TYPE.pay || a.type === CHANGE_TYPE.paymentLink)) || a.state === 'failed' || a.state === 'expired';
}
