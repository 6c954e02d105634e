import { CHECK_IN_CHANNEL, REALTIME_PATH } from '@heliline/domain/staff/live-channel';
import { useEffect } from 'react';
import { ApiError } from '../../../api/client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { authoriseChannel, realtimeUrl } from '../failed/api.ts';
import { RealtimeClient } from '../failed/realtime.ts';

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
    const client = new RealtimeClient({
      url: realtimeUrl(REALTIME_PATH),
      channel: CHECK_IN_CHANNEL,
      authorise: authoriseChannel,
      createSocket: (url) => new WebSocket(url),
      onEvent: ({ event, data }) => {
        if (event !== 'CheckInChanged') return;
        const flightId = (data as { flightId?: unknown } | null)?.flightId;
        refresh(typeof flightId === 'number' ? flightId : undefined);
      },
      onStatus: () => undefined,
      onSynced: () => refresh(),
      isDenied: (error) => error instanceof ApiError && (error.status === 401 || error.status === 403),
    });
    client.start();
    return () => client.stop();
  }, []);
}
