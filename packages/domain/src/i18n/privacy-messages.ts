import type { Localized } from './localized.ts';

/** Messages of personal data (export, account deletion). */
export const PRIVACY_MESSAGES = {} as const satisfies Record<string, Localized>;
