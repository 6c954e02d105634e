import { toWireDate } from '@heliline/domain/dates';
import type { Lang } from '@heliline/domain/i18n/messages';
import type { TFlightDay } from '@heliline/domain/public-site/wire';
import { useEffect, useState } from 'react';
import { api } from '../../../api/client.ts';

/** GET /api/calendar-flights answer (spec §3 flight day): the domain's schema types. */
type DayFlight = TFlightDay;

export type DayFlightsState = { status: 'idle' | 'loading' } | { status: 'ready'; flights: DayFlight[] } | { status: 'error'; error: unknown };

/**
 * The flights of one Rome calendar day (YYYY-MM-DD), fetched after hydration; a newer day wins.
 * The answer is kept with the day and language it belongs to, so a new day reads as loading
 * at once, without a state change inside the effect.
 */
export function useDayFlights(isoDate: string | null, lang: Lang): DayFlightsState {
  const key = isoDate ? `${isoDate}|${lang}` : null;
  const [answer, setAnswer] = useState<{ key: string; state: DayFlightsState } | null>(null);
  useEffect(() => {
    if (!isoDate || !key) return;
    let current = true;
    api
      .get<{ flights: DayFlight[] }>('/api/calendar-flights', { query: { date: toWireDate(isoDate), lang } })
      .then((res) => current && setAnswer({ key, state: { status: 'ready', flights: res.flights } }))
      .catch((error: unknown) => current && setAnswer({ key, state: { status: 'error', error } }));
    return () => {
      current = false;
    };
  }, [isoDate, lang, key]);
  if (!key) return { status: 'idle' };
  return answer?.key === key ? answer.state : { status: 'loading' };
}
