import type {
  TCancelFlightAnswer,
  TCancelFlightBody,
  TCancellableFlightsAnswer,
  TCancellationAnswers,
  TCancellationsList,
  TFlightChangeBody,
  TFlightChangeView,
} from '@heliline/domain/cancellations/wire';
import type { Lang } from '@heliline/domain/i18n/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Weather cancellations: the staff screens (/admin/cancellations) and the passenger's page (/flight-change/{token}). */

export const cancellableFlightsQuery = (date: string) =>
  queryOptions({
    queryKey: ['cancellations', 'flights', date] as const,
    queryFn: () => api.get<TCancellableFlightsAnswer>('/api/admin/cancellations/flights', { query: { date } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });

export const cancellationsListQuery = () =>
  queryOptions({ queryKey: ['cancellations', 'list'] as const, queryFn: () => api.get<TCancellationsList>('/api/admin/cancellations') });

export const cancellationAnswersQuery = (id: number) =>
  queryOptions({ queryKey: ['cancellations', 'answers', id] as const, queryFn: () => api.get<TCancellationAnswers>(`/api/admin/cancellations/${id}`) });

export const cancelFlight = (body: TCancelFlightBody) => api.post<TCancelFlightAnswer>('/api/admin/cancellations', body);

export const flightChangeQuery = (token: string, lang: Lang) =>
  queryOptions({
    queryKey: ['flight-change', token, lang] as const,
    queryFn: () => api.get<TFlightChangeView>(`/api/flight-change/${encodeURIComponent(token)}`, { query: { lang } }),
    retry: false,
  });

export const chooseFlightChange = (token: string, lang: Lang, body: TFlightChangeBody) =>
  api.post<TFlightChangeView>(`/api/flight-change/${encodeURIComponent(token)}?lang=${lang}`, body);
