import type { TBookingStatusAnswer } from '@heliline/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/booking-status answer (spec §3 Booking status response, plus pending and reason). */
export type BookingStatusAnswer = TBookingStatusAnswer;
export type StatusPax = NonNullable<TBookingStatusAnswer['booking']>['paxes'][number];

function bookingStatusQuery(code: string) {
  return queryOptions({
    queryKey: ['booking', 'status', code] as const,
    queryFn: () => api.get<BookingStatusAnswer>('/api/booking-status', { query: { code } }),
  });
}

export const isPending = (a: BookingStatusAnswer | undefined) => a?.pending === true;

/** Polls every 2 s while the bank's notification has not arrived (spec: result at step 5). */
export function useBookingStatus(code: string) {
  return useQuery({
    ...bookingStatusQuery(code),
    refetchInterval: (q) => (isPending(q.state.data) ? 2000 : false),
  });
}
