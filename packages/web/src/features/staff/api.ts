import { queryOptions } from '@tanstack/react-query';
import { type ApiMessage, api } from '../../api/client.ts';

export interface AdminAgency {
  id: number;
  email: string;
  company_name: string;
  vat: string;
  telephone: string | null;
  city: string | null;
  verified: boolean;
  is_agency_auth: boolean;
  created_at: string;
}

export type AgencyFilter = 'pending' | 'all';

export function agenciesQuery(status: AgencyFilter) {
  return queryOptions({
    queryKey: ['admin', 'agencies', status] as const,
    queryFn: async () => (await api.get<{ agencies: AdminAgency[] }>('/api/admin/agencies', { query: { status } })).agencies,
  });
}

export function authoriseAgency(id: number): Promise<ApiMessage & { agency: AdminAgency }> {
  return api.post(`/api/admin/agencies/${id}/authorise`);
}
