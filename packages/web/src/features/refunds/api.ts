import type { TAdminRefundsAnswer, TAdminRefundsQueryInput, TRefundActionAnswer } from '@heliline/domain/refunds/wire';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The staff refund screen's calls (GET /api/admin/refunds, POST …/{id}/retry, …/{id}/payout). */

export const refundsKey = ['staff', 'refunds'] as const;

export function adminRefundsQuery(query: TAdminRefundsQueryInput) {
  return queryOptions({
    queryKey: [...refundsKey, query] as const,
    queryFn: () => api.get<TAdminRefundsAnswer>('/api/admin/refunds', { query: { ...query } }),
    // The old page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export const retryRefund = (id: string) => api.post<TRefundActionAnswer>(`/api/admin/refunds/${encodeURIComponent(id)}/retry`);

export const recordPayout = (id: string, how: string) => api.post<TRefundActionAnswer>(`/api/admin/refunds/${encodeURIComponent(id)}/payout`, { how });
