import type { TExtendResponse } from '@heliline/domain';
import { api } from '../../../api/client.ts';

/** POST /api/bookings/{code}/extend: the buyer's one-time extension of the payment hold. */
export function extendHold(code: string): Promise<TExtendResponse> {
  return api.post<TExtendResponse>(`/api/bookings/${encodeURIComponent(code)}/extend`);
}
