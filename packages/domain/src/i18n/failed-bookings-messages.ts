import type { Localized } from './localized.ts';

/** Texts of the failed-bookings screen, its live staff channel and retry. Spec texts verbatim, as in booking-messages.ts. */
export const FAILED_BOOKINGS_MESSAGES = {
  // removal (spec §8, verbatim)
  failedRemovedSeatsFreed: {
    it: "E' stata rimossa e sono stati liberati i relativi posti",
    en: 'It has been removed and its seats have been freed',
  },
  failedRemoved: { it: "E' stata rimossa", en: 'It has been removed' },
  // refusals (409)
  failedInUseBy: { it: 'Prenotazione {code} in uso da {user}', en: 'Booking {code} in use by {user}' },
  failedLockedNoDelete: {
    it: 'La prenotazione {code} è bloccata da {user}: sbloccarla prima di rimuoverla',
    en: 'Booking {code} is locked by {user}: unlock it before removing it',
  },
  failedAlreadyLocked: { it: 'La prenotazione {code} è già stata bloccata da {user}', en: 'Booking {code} has already been locked by {user}' },
  failedAlreadyUnlocked: { it: 'La prenotazione {code} è già stata sbloccata', en: 'Booking {code} has already been unlocked' },
  failedNoLongerFailed: {
    it: 'La prenotazione {code} non è più tra quelle non concluse',
    en: 'Booking {code} is no longer among the uncompleted ones',
  },
  failedSelectFirst: {
    it: 'Selezionare la prenotazione {code} prima di inviare il link',
    en: 'Select booking {code} before sending the link',
  },
  // notices broadcast to the other staff (spec §4, §8)
  failedSelectedBy: { it: 'Prenotazione {code} in uso da {user}', en: 'Booking {code} in use by {user}' },
  failedReleasedBy: { it: '{user} ha rilasciato la prenotazione {code}', en: '{user} released booking {code}' },
  failedLockedBy: { it: '{user} ha bloccato la prenotazione {code}', en: '{user} locked booking {code}' },
  failedUnlockedBy: { it: '{user} ha sbloccato la prenotazione {code}', en: '{user} unlocked booking {code}' },
  failedDiscardedSeatsFreed: {
    it: "Prenotazione {code}: e' stata rimossa da {user} e sono stati liberati i relativi posti",
    en: 'Booking {code} has been removed by {user} and its seats have been freed',
  },
  failedDiscarded: { it: "Prenotazione {code}: e' stata rimossa da {user}", en: 'Booking {code} has been removed by {user}' },
  // what the row says went wrong
  failedReasonPending: { it: 'Pagamento in corso (posti ancora occupati)', en: 'Payment in progress (seats still held)' },
  failedReasonExpired: { it: 'Tempo per il pagamento scaduto', en: 'Payment deadline passed' },
  failedReasonAbandoned: { it: 'Pagamento abbandonato', en: 'Payment abandoned' },
  failedReasonBank: { it: 'La banca ha risposto: {message} (# {error_code})', en: 'Bank response: {message} (# {error_code})' },
  failedReasonOther: { it: 'Pagamento non concluso', en: 'Payment not completed' },
  // retry
  retryNotPossible: {
    it: 'La prenotazione {code} non può più essere ripresa',
    en: 'Booking {code} can no longer be retried',
  },
  // live channel
  realtimeAuthInvalid: { it: 'Autorizzazione al canale non valida', en: 'Channel authorisation not valid' },
} as const satisfies Record<string, Localized>;
