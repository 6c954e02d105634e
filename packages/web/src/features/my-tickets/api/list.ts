import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { TicketFilters } from '../logic/filters.ts';
import { PAGE_SIZE } from '../logic/pagination.ts';
import type { TicketsPage } from './types.ts';

export const ticketsKey = ['my-tickets'] as const;

/** GET /api/my-tickets (spec §7): filters, includeCancelled and the page; null = no search yet. */
export function useTicketsPage(search: { filters: TicketFilters; page: number } | null) {
  return useQuery({
    queryKey: [...ticketsKey, search] as const,
    queryFn: () =>
      api.get<TicketsPage>('/api/my-tickets', {
        query: {
          flightDate: search!.filters.flightDate || undefined,
          bookingCode: search!.filters.bookingCode || undefined,
          ticketNr: search!.filters.ticketNr || undefined,
          lastname: search!.filters.lastname || undefined,
          firstname: search!.filters.firstname || undefined,
          includeCancelled: search!.filters.includeCancelled ? 1 : 0,
          current_page: search!.page,
          per_page: PAGE_SIZE,
        },
      }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}
