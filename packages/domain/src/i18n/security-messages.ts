import type { Localized } from './localized.ts';

/** Messages of abuse limits (holds, logins, mail). */
export const SECURITY_MESSAGES = {
  holdSeatsLimit: {
    it: 'Hai già troppi posti in attesa di pagamento: completa il pagamento di quella prenotazione oppure attendi che i posti tornino liberi (al massimo 10 minuti), poi riprova.',
    en: 'You already have too many seats waiting for payment: complete the payment of that booking or wait until the seats are released (10 minutes at most), then try again.',
  },
} as const satisfies Record<string, Localized>;
