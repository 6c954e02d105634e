import type { Localized } from './localized.ts';

/** Messages of abuse limits (holds, logins, mail). */
export const SECURITY_MESSAGES = {} as const satisfies Record<string, Localized>;
