import type { TBookingStoreBodyInput, TStoreResponse } from '@heliline/domain';
import { api } from '../../../api/client.ts';

/** POST /api/bookings in retry mode (retry, previousBooking, pending). */
export function storeRetry(body: TBookingStoreBodyInput): Promise<TStoreResponse> {
  return api.post<TStoreResponse>('/api/bookings', body);
}
