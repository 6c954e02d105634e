import type { Localized, TCheckInFlight, TCheckInFlights, TCheckInPassenger } from '@heliline/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** The check-in desk's calls (/api/admin/check-in/…). */
const BASE = '/api/admin/check-in/flights';
type Message = { message: string; messages: Localized };

export const checkInFlightsQuery = () =>
  queryOptions({
    queryKey: ['staff', 'check-in', 'flights'] as const,
    queryFn: () => api.get<TCheckInFlights>(BASE),
    refetchInterval: 30_000,
  });

/** One flight at the desk; refreshed every 15 s so two desks see each other's check-ins. */
export const checkInFlightQuery = (flightId: number) =>
  queryOptions({
    queryKey: ['staff', 'check-in', 'flight', flightId] as const,
    queryFn: () => api.get<TCheckInFlight>(`${BASE}/${flightId}`),
    refetchInterval: 15_000,
  });

export const manifestUrl = (flightId: number, format: 'pdf' | 'csv', lang: 'it' | 'en') => `${BASE}/${flightId}/manifest.${format}?lang=${lang}`;

/** After any desk write: the flight and the list of flights are read again. */
function useRefresh(flightId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['staff', 'check-in', 'flight', flightId] });
    void client.invalidateQueries({ queryKey: ['staff', 'check-in', 'flights'] });
  };
}

export function useCheckIn(flightId: number) {
  const refresh = useRefresh(flightId);
  return useMutation({
    mutationFn: (body: { code: string; override_reason?: string }) => api.post<Message & { passenger: TCheckInPassenger }>(`${BASE}/${flightId}/check-in`, body),
    onSettled: refresh,
  });
}

export function useWeights(flightId: number) {
  const refresh = useRefresh(flightId);
  return useMutation({
    mutationFn: ({ ticketNr, ...body }: { ticketNr: string; passenger_kg: number; bags_kg: number[] }) =>
      api.put<Message & { passenger: TCheckInPassenger }>(`${BASE}/${flightId}/passengers/${encodeURIComponent(ticketNr)}/weights`, body),
    onSettled: refresh,
  });
}

export function useCloseFlight(flightId: number) {
  const refresh = useRefresh(flightId);
  return useMutation({
    mutationFn: (body: { reason?: string }) => api.post<Message & { flight: TCheckInFlight }>(`${BASE}/${flightId}/close`, body),
    onSettled: refresh,
  });
}
