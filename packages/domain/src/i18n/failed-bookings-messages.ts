import type { Localized } from './localized.ts';

/** Texts of the failed-bookings screen, its live staff channel and retry. Spec texts verbatim, as in booking-messages.ts. */
export const FAILED_BOOKINGS_MESSAGES = {} as const satisfies Record<string, Localized>;
