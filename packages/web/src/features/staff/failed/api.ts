import type {
  Lang,
  TBookingLockBodyInput,
  TBookingLockResponse,
  TBroadcastingAuthResponse,
  TFailedBookingRemovedResponse,
  TFailedBookingsResponse,
  TFailedPaymentLinkBody,
  TFailedPaymentLinkResponse,
} from '@heliline/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** The list's cache keys start with this (one entry per language: the error texts come in the request's language); the live channel updates them in place. */
export const FAILED_BOOKINGS_KEY = ['staff', 'bookings-failed'] as const;

/** GET /api/bookings-failed: bookings whose payment did not complete in the last 24 h, newest first. */
export const failedBookingsQuery = (lang: Lang) =>
  queryOptions({
    queryKey: [...FAILED_BOOKINGS_KEY, lang] as const,
    queryFn: async () => (await api.get<TFailedBookingsResponse>('/api/bookings-failed')).bookings,
    // the live channel keeps it fresh; a re-read happens after every (re)connection
    staleTime: 60_000,
  });

/** POST /api/bookings/lock: select (status true) or release (false) a row, or set its lock. */
export function lockBooking(body: TBookingLockBodyInput): Promise<TBookingLockResponse> {
  return api.post<TBookingLockResponse>('/api/bookings/lock', body);
}

/** PUT /api/bookings-failed/{code}: removes the booking (its seats are freed when it still held them). */
export function removeFailedBooking(code: string, pending: boolean): Promise<TFailedBookingRemovedResponse> {
  return api.put<TFailedBookingRemovedResponse>(`/api/bookings-failed/${encodeURIComponent(code)}`, { pending });
}

/** POST /api/bookings-failed/{code}/payment-link: a new payment link e-mailed to `email`. */
export function sendFailedPaymentLink(code: string, email: string): Promise<TFailedPaymentLinkResponse> {
  return api.post<TFailedPaymentLinkResponse>(`/api/bookings-failed/${encodeURIComponent(code)}/payment-link`, {
    email_payment_link: email,
  } satisfies TFailedPaymentLinkBody);
}

/** POST /api/broadcasting/auth: the signature that lets this socket join the private channel. */
export async function authoriseChannel(socketId: string, channel: string): Promise<string> {
  return (await api.post<TBroadcastingAuthResponse>('/api/broadcasting/auth', { socket_id: socketId, channel_name: channel })).auth;
}
