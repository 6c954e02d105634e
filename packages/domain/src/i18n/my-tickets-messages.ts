import type { Localized } from './localized.ts';

/** Texts of the my-tickets list, the passenger modal, PDFs and the e-mail modal. Spec texts verbatim, as in booking-messages.ts. */
export const MY_TICKETS_MESSAGES = {} as const satisfies Record<string, Localized>;
