import type { Localized } from '@heliline/domain/i18n/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/booking-status answer (spec §3 Booking status response). */
export interface StatusPax {
  id: number | string;
  fullname: string;
  birthdate: string;
  ticket: string | null;
  email: string | null;
  /** Ticket numbers the send button mails (outbound and return). */
  tickets: string[];
}

export interface BookingStatusAnswer {
  booking: { code: string; email: string; paxes: StatusPax[]; paymentDeadline: string | null; deadlineExtended: boolean; state: string };
  /** 1 tickets issued, 0 otherwise. */
  status: 0 | 1;
  /** true while the bank has not answered yet: keep polling. */
  pending: boolean;
  bank: { message: string | null; error_code: string | null };
  /** Why it failed when it is not the bank (deadline passed, seats lost and refunded). */
  reason: Localized | null;
}

export function bookingStatusQuery(code: string) {
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
