import type { TAgencyStatusFilter, TAgencySummary } from '@heliline/domain';
import { queryOptions } from '@tanstack/react-query';
import { type ApiMessage, api } from '../../api/client.ts';

/** The domain's agency summary and status filter (type-only import: no runtime cost). */
export type AdminAgency = TAgencySummary;
export type AgencyFilter = TAgencyStatusFilter;

export function agenciesQuery(status: AgencyFilter) {
  return queryOptions({
    queryKey: ['admin', 'agencies', status] as const,
    queryFn: async () => (await api.get<{ agencies: AdminAgency[] }>('/api/admin/agencies', { query: { status } })).agencies,
  });
}

export function authoriseAgency(id: number): Promise<ApiMessage & { agency: AdminAgency }> {
  return api.post(`/api/admin/agencies/${id}/authorise`);
}
