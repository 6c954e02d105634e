import type { TBlockedBooking, TBlockedBookingsAnswer, TFailedBookingsResponse, TRemoveBlockAnswer, TRemoveBlockBodyInput } from '@heliline/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '@heliline/domain/i18n/lang';
import { api, ApiError, messageOf } from '../../../api/client.ts';

/** One blocked booking of step 0 (spec §3 "Blocked reservation" and "Blocked booking"). */
export type BlockedBooking = TBlockedBooking;

export const blockedBookingsQuery = queryOptions({
  queryKey: ['booking', 'blocked'] as const,
  queryFn: async () => (await api.get<TBlockedBookingsAnswer>('/api/blocked-bookings')).bookings,
});

export function useBlockedBookings(enabled: boolean) {
  return useQuery({ ...blockedBookingsQuery, enabled });
}

/** POST /api/rem-blocco-posti: 'Prenotazione {code} eliminata!', or the server's message. */
export function removeBlock(body: TRemoveBlockBodyInput): Promise<TRemoveBlockAnswer> {
  return api.post<TRemoveBlockAnswer>('/api/rem-blocco-posti', body);
}

/** The server's message of a failed removal; undefined when it sent none it could read (then 'Errore di sistema', spec §8). */
export function removeBlockError(error: unknown, lang: Lang): string | undefined {
  return (error instanceof ApiError && messageOf(error.body, lang)) || undefined;
}

/**
 * How many bookings failed in the last 24 hours (GET /api/bookings-failed, spec §7): the staff
 * banner shows only their count, so only the list's length is read here.
 */
const failedCountQuery = queryOptions({
  queryKey: ['booking', 'failed-count'] as const,
  queryFn: async () => (await api.get<TFailedBookingsResponse>('/api/bookings-failed')).bookings.length,
  staleTime: 30_000,
});

export function useFailedCount(enabled: boolean) {
  return useQuery({ ...failedCountQuery, enabled, retry: false });
}
