import type { TFailedBooking } from '@heliline/domain';
import { FAILED_BOOKINGS_CHANNEL } from '@heliline/domain/staff/live-channel';
import { useEffect, useEffectEvent, useState } from 'react';
import { useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { showLiveToast } from '../components/live-toast.tsx';
import { FAILED_BOOKINGS_KEY } from './api.ts';
import { applyEvent, type LiveEvent, noticeOf } from './apply-event.ts';
import { type ConnectionStatus, joinLiveChannel } from './realtime.ts';

const readerChunk = () => import('./read-event.ts');
let pending: Promise<void> = Promise.resolve();

/**
 * Keeps the failed-bookings list live for the signed-in staff member `me`: applies the channel's
 * events to the cached list, says what happened (polite live region + a toast), re-reads the
 * list after every (re)connection, and reports the connection state for the status indicator.
 */
export function useLiveFailedBookings(me: string): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const announce = useAnnounce();
  const [lang] = useLang();

  const onEvent = useEffectEvent((event: LiveEvent) => {
    queryClient.setQueriesData<TFailedBooking[]>({ queryKey: FAILED_BOOKINGS_KEY }, (rows) => (rows ? applyEvent(rows, event, me) : rows));
    // My own action echoed back (e.g. from another tab) needs no notice: I did it.
    if (event.data.user === me) return;
    const text = noticeOf(event, lang);
    announce(text);
    showLiveToast(text);
  });

  useEffect(() => {
    return joinLiveChannel({
      channel: FAILED_BOOKINGS_CHANNEL,
      events: ['BookingHandled', 'BookingDiscarded'],
      onEvent: (raw) => {
        // The reader (with the frames' schemas) is a chunk of its own; events still apply in order.
        pending = pending
          .then(readerChunk)
          .then(({ readEvent }) => {
            const event = readEvent(raw);
            if (event) onEvent(event);
          })
          .catch(() => undefined);
      },
      onStatus: setStatus,
      onSynced: () => void queryClient.invalidateQueries({ queryKey: FAILED_BOOKINGS_KEY }),
    });
  }, []);

  return status;
}
