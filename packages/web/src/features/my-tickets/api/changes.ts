import type { TChangeAnswer, TChangeBodyInput, TManageBookingAnswer, TPaypalCaptureAnswer, TPaypalCreateOrderAnswer, TRetrieveStatusAnswer } from '@heliline/domain';
import { BOOKING_TYPE } from '@heliline/domain/booking/payment-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { bookingGroup } from '../logic/filters.ts';

/** GET /api/manage-bookings/{code}: the whole booking by the first 6 characters of its code (spec §2 Edit mode). */
export function manageBookingQuery(code: string) {
  const group = bookingGroup(code);
  return queryOptions({
    queryKey: ['my-tickets', 'manage', group] as const,
    queryFn: () => api.get<TManageBookingAnswer>(`/api/manage-bookings/${encodeURIComponent(group)}`),
    staleTime: 0,
  });
}

/** PUT /api/bookings/{code}: type 0 preview, 1 pay, -1 payment link (spec §7). */
export const putChange = (code: string, body: TChangeBodyInput) => api.put<TChangeAnswer>(`/api/bookings/${encodeURIComponent(bookingGroup(code))}`, body);

/** GET /api/bookings-requests/retrieve-status (spec §7), paymentType 1. */
export const retrieveStatus = (bookingRequestUuid: string) =>
  api.get<TRetrieveStatusAnswer>('/api/bookings-requests/retrieve-status', { query: { bookingRequestUuid, paymentType: BOOKING_TYPE.card } });

/** POST /api/paypal/api/orders: an order for the change's amount (the server decides the amount). */
export const createPaypalOrder = (p: { bookingRequestUuid: string; bookingCode: string; amount: number }) =>
  api.post<TPaypalCreateOrderAnswer>('/api/paypal/api/orders', {
    bookingRequestUuid: p.bookingRequestUuid,
    cart: [{ reference_id: p.bookingCode, description: `Heliline ${p.bookingCode}`, amount: { currency_code: 'EUR', value: p.amount.toFixed(2) } }],
  });

/** POST /api/paypal/api/orders/{orderID}/capture. */
export const capturePaypalOrder = (orderId: string) => api.post<TPaypalCaptureAnswer>(`/api/paypal/api/orders/${encodeURIComponent(orderId)}/capture`);
