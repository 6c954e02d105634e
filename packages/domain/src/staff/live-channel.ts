// The live staff channel's names, without zod: the failed-bookings screen connects at first
// paint; the frames' schemas (failed-wire.ts) load when the first event arrives.

/** The one private channel of the failed-bookings screen. */
export const FAILED_BOOKINGS_CHANNEL = 'private-bookings-failed';
export const REALTIME_PATH = '/api/realtime';
