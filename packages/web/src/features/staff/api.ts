import type { TAgencyAuthorised, TAgencyList, TAgencyStatusFilter, TAgencySummary } from '@heliline/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The domain's agency summary and status filter (type-only import: no runtime cost). */
export type AdminAgency = TAgencySummary;
export type AgencyFilter = TAgencyStatusFilter;

export function agenciesQuery(status: AgencyFilter) {
  return queryOptions({
    queryKey: ['admin', 'agencies', status] as const,
    queryFn: async () => (await api.get<TAgencyList>('/api/admin/agencies', { query: { status } })).agencies,
  });
}

export function authoriseAgency(id: number): Promise<TAgencyAuthorised> {
  return api.post(`/api/admin/agencies/${id}/authorise`);
}
