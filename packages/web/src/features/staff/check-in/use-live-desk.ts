import { CHECK_IN_CHANNEL } from '@heliline/domain/staff/live-channel';
import { useEffect } from 'react';
import { queryClient } from '../../../lib/query-client.ts';
import { joinLiveChannel } from '../failed/realtime.ts';

/**
 * Two desks see each other: a check-in, weighing or closing at another desk (CheckInChanged on
 * the staff live channel) re-reads that flight and the list of flights. Best effort: the screen
 * also re-reads every 15 s, and after every (re)connection.
 */
export function useLiveDesk(): void {
  useEffect(() => {
    const refresh = (flightId?: number) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'check-in', 'flights'] });
      void queryClient.invalidateQueries({ queryKey: flightId ? ['staff', 'check-in', 'flight', flightId] : ['staff', 'check-in', 'flight'] });
    };
    return joinLiveChannel({
      channel: CHECK_IN_CHANNEL,
      events: ['CheckInChanged'],
      onEvent: ({ data }) => {
        const flightId = (data as { flightId?: unknown } | null)?.flightId;
        refresh(typeof flightId === 'number' ? flightId : undefined);
      },
      onSynced: () => refresh(),
    });
  }, []);
}
