import type { Localized } from './localized.ts';

/** Messages of the API contract (control characters, wrong methods). */
export const API_MESSAGES = {} as const satisfies Record<string, Localized>;
