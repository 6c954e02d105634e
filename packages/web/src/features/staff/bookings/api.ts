import type { TAdminBookingsAnswer } from '@heliline/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { ListQuery } from './list-state.ts';

/** GET /api/admin/bookings: one page (25 rows) of the staff booking list, filtered. */
export function adminBookingsQuery(filters: ListQuery) {
  return queryOptions({
    queryKey: ['staff', 'admin-bookings', filters] as const,
    queryFn: () => api.get<TAdminBookingsAnswer>('/api/admin/bookings', { query: { ...filters } }),
    // The old page stays on screen while the next one loads (no jump to a spinner).
    placeholderData: keepPreviousData,
  });
}

/** The booking's PDF (GET /api/bookings/{code}/pdf). */
export const bookingPdfUrl = (code: string) => `/api/bookings/${encodeURIComponent(code)}/pdf`;
