import type { Localized } from './localized.ts';

/** Texts of staff booking tools (staff wizard, payment link, cash, operator account, blocked seats, management list). Spec texts verbatim, as in booking-messages.ts. */
export const STAFF_MESSAGES = {} as const satisfies Record<string, Localized>;
