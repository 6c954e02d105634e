import type { Localized } from './localized.ts';

/** Messages of outages (database unavailable). */
export const RESILIENCE_MESSAGES = {
  databaseUnavailable: {
    it: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche secondo.',
    en: 'The service is temporarily unavailable. Please try again in a few seconds.',
  },
  serviceReady: { it: 'Il servizio è disponibile.', en: 'The service is available.' },
} as const satisfies Record<string, Localized>;
