import type { Lang } from '@heliline/domain/i18n/messages';
import type { TFlightDay, TFlightDaySegment } from '@heliline/domain/public-site/wire';
import { useEffect, useState } from 'react';
import { api } from '../../../api/client.ts';

/** GET /api/calendar-flights answer (spec §3 flight day): the domain's schema types. */
export type Segment = TFlightDaySegment;
export type DayFlight = TFlightDay;

export type DayFlightsState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; flights: DayFlight[] }
  | { status: 'error'; error: unknown };

/** The flights of one Rome calendar day (YYYY-MM-DD), fetched after hydration; a newer day wins. */
export function useDayFlights(isoDate: string | null, lang: Lang): DayFlightsState {
  const [state, setState] = useState<DayFlightsState>({ status: 'idle' });
  useEffect(() => {
    if (!isoDate) return;
    let current = true;
    setState({ status: 'loading' });
    import('@heliline/domain/dates')
      .then(({ toWireDate }) => api.get<{ flights: DayFlight[] }>('/api/calendar-flights', { query: { date: toWireDate(isoDate), lang } }))
      .then((res) => current && setState({ status: 'ready', flights: res.flights }))
      .catch((error: unknown) => current && setState({ status: 'error', error }));
    return () => {
      current = false;
    };
  }, [isoDate, lang]);
  return state;
}
