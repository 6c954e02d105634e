import type { TBookingStoreBodyInput, TStoreResponse } from '@heliline/domain';
import { api } from '../../../api/client.ts';

/** POST /api/bookings answer (spec §3 Store response). */
export type StoreAnswer = TStoreResponse;

/** The store body as the domain's ZBookingStoreBody accepts it (spec §7). */
export type StoreBody = TBookingStoreBodyInput;

export function storeBooking(body: StoreBody): Promise<StoreAnswer> {
  return api.post<StoreAnswer>('/api/bookings', body);
}
