import type { Localized } from './localized.ts';

/** Messages of outages (database unavailable). */
export const RESILIENCE_MESSAGES = {} as const satisfies Record<string, Localized>;
