import type { Localized } from '@heliline/domain/i18n/messages';
import { api } from '../../../api/client.ts';

/** POST /api/bookings answer (spec §3 Store response). */
export interface StoreAnswer {
  status: 'success' | 'error' | 'block-confirmed';
  type: number;
  bank_link?: string | null;
  bookingCode?: string | null;
  message?: string;
  message_it?: string;
  message_en?: string;
  messages?: Localized;
}

export function storeBooking(body: Record<string, unknown>): Promise<StoreAnswer> {
  return api.post<StoreAnswer>('/api/bookings', body);
}
