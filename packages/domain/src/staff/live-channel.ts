// The live staff channel's names, without zod: the failed-bookings screen connects at first
// paint; the frames' schemas (failed-wire.ts) load when the first event arrives.

/** The one private channel of the failed-bookings screen. */
export const FAILED_BOOKINGS_CHANNEL = 'private-bookings-failed';

/**
 * The Pusher app key the server answers to at /app/{key} unless PUSHER_APP_KEY says otherwise
 * (the web build reads VITE_PUSHER_APP_KEY). Public: it names the app, the secret signs.
 */
export const DEFAULT_PUSHER_APP_KEY = 'heliline';

/** The check-in desk's private channel: a desk's check-in, weighing or closing tells the other desks to re-read that flight. */
export const CHECK_IN_CHANNEL = 'private-check-in';
