import type { TFlight, TFlightsQuery, TFlightsResponse } from '@heliline/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/** One row of GET /api/flights (spec §3 Flight): the domain's wire shape. */
export type Flight = TFlight;

export type FlightSearch = TFlightsResponse;

/**
 * GET /api/flights query as the wizard sends it (spec §7): reverse 0 outbound, 1 return
 * (origin and destination swapped by the server); dates DD/MM/YYYY.
 */
export type FlightQuery = Pick<TFlightsQuery, 'departureDate' | 'comebackDate' | 'men' | 'women' | 'children' | 'infants'> & {
  reverse: 0 | 1;
  /** A place id, name or code (ZFlightsQuery resolves it). */
  origin: string;
  destination: string;
};

export function flightsQuery(q: FlightQuery) {
  return queryOptions({
    queryKey: ['booking', 'flights', q] as const,
    queryFn: () => api.get<FlightSearch>('/api/flights', { query: { ...q } }),
    // Seats change as people buy: keep the answer short-lived.
    staleTime: 15_000,
  });
}

export function useFlights(q: FlightQuery | null) {
  return useQuery({
    ...flightsQuery(q ?? ({} as FlightQuery)),
    enabled: q !== null,
    // Moving one day keeps the old table on screen until the new one arrives (no layout jump).
    placeholderData: keepPreviousData,
  });
}
