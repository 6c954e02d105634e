import type { Localized } from './localized.ts';

/** Messages of the API contract (control characters, wrong methods, a plain request to the WebSocket). */
export const API_MESSAGES = {
  controlCharacter: {
    it: 'Il testo contiene caratteri di controllo non ammessi',
    en: 'The text contains control characters that are not allowed',
  },
  methodNotAllowed: {
    it: 'Metodo non consentito per questo indirizzo',
    en: 'Method not allowed for this address',
  },
  websocketUpgradeRequired: {
    it: 'Questo indirizzo accetta solo connessioni WebSocket',
    en: 'This address only accepts WebSocket connections',
  },
} as const satisfies Record<string, Localized>;
