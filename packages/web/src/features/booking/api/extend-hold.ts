import { api } from '../../../api/client.ts';

/** POST /api/bookings/{code}/extend: the buyer's one-time extension of the 10-minute hold. */
export interface ExtendAnswer {
  paymentDeadline: string;
  message?: string;
}

export function extendHold(code: string): Promise<ExtendAnswer> {
  return api.post<ExtendAnswer>(`/api/bookings/${encodeURIComponent(code)}/extend`);
}
