import type { Localized } from './localized.ts';

/** Texts of my-tickets edit mode: moving tickets, cancelling with refund, paying the difference. Spec texts verbatim, as in booking-messages.ts. */
export const TICKET_CHANGES_MESSAGES = {} as const satisfies Record<string, Localized>;
