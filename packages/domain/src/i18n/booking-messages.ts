import type { Localized } from './localized.ts';

/** Texts of the booking wizard, payments and tickets. Spec texts verbatim. */
export const BOOKING_MESSAGES = {} as const satisfies Record<string, Localized>;
