import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** One row of GET /api/flights (spec §3 Flight). */
export interface Flight {
  flightId: number;
  flightCode: string;
  /** DD/MM/YYYY */
  takeOffDate: string;
  /** HH:mm */
  takeOffTime: string;
  takeOffDateTime: string;
  extra: boolean;
  aircraft: string;
  route: string;
  origin: string;
  destination: string;
  landingTime: string;
  availableSeats: number;
  /** false when fewer seats are free than the party needs (listed, not selectable). */
  bookable?: boolean;
  /** Staff only: the Info column. */
  info?: { registration: string; capacity: number; sold: number; held: number; blocked: number };
}

/** Per-category amounts in euros (a adult, c child, i infant, an pet). */
export type CategoryAmounts = Record<'a' | 'c' | 'i' | 'an', number>;

export interface FlightSearch {
  fares: CategoryAmounts;
  taxes: CategoryAmounts;
  landingTax: CategoryAmounts;
  prices: CategoryAmounts;
  flights: Flight[];
}

export interface FlightQuery {
  /** 0 outbound search, 1 return search (origin and destination swapped by the server). */
  reverse: 0 | 1;
  origin: string;
  destination: string;
  /** DD/MM/YYYY */
  departureDate: string;
  comebackDate?: string;
  men: number;
  women: number;
  children: number;
  infants: number;
}

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
