import { ZBookingDiscarded, ZBookingHandled } from '@heliline/domain/staff/failed-wire';
import type { LiveEvent } from './apply-event.ts';
import type { ChannelEvent } from './realtime.ts';

// Its own chunk: the schemas (and zod) load when the first live event arrives (decision 023).

/** A channel event we know, validated; anything else is ignored (null). */
export function readEvent(event: ChannelEvent): LiveEvent | null {
  if (event.event === 'BookingHandled') {
    const parsed = ZBookingHandled.safeParse(event.data);
    return parsed.success ? { kind: 'handled', data: parsed.data } : null;
  }
  if (event.event === 'BookingDiscarded') {
    const parsed = ZBookingDiscarded.safeParse(event.data);
    return parsed.success ? { kind: 'discarded', data: parsed.data } : null;
  }
  return null;
}
