import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/booking-status answer (spec §3 Booking status response). */
export interface StatusPax {
  id: number | string;
  fullname: string;
  birthdate: string;
  ticket: string;
  email: string | null;
  /** Ticket numbers the send button mails (outbound and return). */
  tickets: string[] | string;
}

export interface BookingStatusAnswer {
  booking: { code: string; email: string; paxes: StatusPax[]; paymentDeadline?: string | null; deadlineExtended?: boolean } | null;
  /** 1 success, 0 failure; anything else (null) while the bank has not answered yet. */
  status: 0 | 1 | null;
  /** Our reading of "not yet": the server may say so explicitly. */
  pending?: boolean;
  bank?: { message: string | null; error_code: string | null } | null;
}

export function bookingStatusQuery(code: string) {
  return queryOptions({
    queryKey: ['booking', 'status', code] as const,
    queryFn: () => api.get<BookingStatusAnswer>('/api/booking-status', { query: { code } }),
  });
}

export const isPending = (a: BookingStatusAnswer | undefined) => a !== undefined && (a.pending === true || (a.status !== 0 && a.status !== 1));

/** Polls every 2 s while the bank's notification has not arrived (spec: result at step 5). */
export function useBookingStatus(code: string) {
  return useQuery({
    ...bookingStatusQuery(code),
    refetchInterval: (q) => (isPending(q.state.data) ? 2000 : false),
  });
}
