import type { Localized } from './localized.ts';

/** Texts of the public site (contacts, timetable, helipad posts …). Spec texts verbatim. */
export const PUBLIC_SITE_MESSAGES = {} as const satisfies Record<string, Localized>;
