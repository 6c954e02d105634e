import type { Localized } from './localized.ts';

/** Messages of personal data (export, account deletion). */
export const PRIVACY_MESSAGES = {
  accountDeleted: {
    it: 'Il tuo account è stato cancellato. I biglietti già pagati restano validi con il loro codice di prenotazione.',
    en: 'Your account has been deleted. Tickets already paid for stay valid with their booking code.',
  },
  accountDeletionStaffRefused: {
    it: 'Gli account del personale non si cancellano da qui: chiedi a un amministratore di chiuderlo.',
    en: 'Staff accounts cannot be deleted here: ask an administrator to close it.',
  },
  accountDeletionPasswordWrong: {
    it: 'La password non è corretta: l’account non è stato cancellato.',
    en: 'The password is wrong: the account has not been deleted.',
  },
} as const satisfies Record<string, Localized>;
