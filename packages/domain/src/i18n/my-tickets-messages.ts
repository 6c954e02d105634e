import type { Localized } from './localized.ts';

/** Texts of the my-tickets list, the passenger modal, PDFs and the e-mail modal. Spec texts verbatim, as in booking-messages.ts. */
export const MY_TICKETS_MESSAGES = {
  // list (spec §5)
  myTicketsFilterRequired: { it: 'Inserire almeno un filtro di ricerca!', en: 'Enter at least one search filter!' },
  myTicketsBookingCodeTooLong: { it: 'Il codice prenotazione ha al massimo 8 caratteri', en: 'The booking code has at most 8 characters' },
  myTicketsTicketNrTooLong: { it: 'Il numero di biglietto ha al massimo 7 caratteri', en: 'The ticket number has at most 7 characters' },
  // passenger modal
  myTicketsPassengerSaved: { it: 'Dati del passeggero aggiornati', en: 'Passenger details updated' },
  myTicketsEditExpired: {
    it: 'Il biglietto non è più modificabile: il termine è scaduto il {until}',
    en: 'The ticket can no longer be changed: the deadline passed on {until}',
  },
  myTicketsTicketCancelled: { it: 'Il biglietto è annullato e non può essere modificato', en: 'The ticket is cancelled and cannot be changed' },
  myTicketsCategoryChange: {
    it: 'Con questa data di nascita il passeggero cambierebbe categoria ({from} → {to}) alla data del volo: non è possibile. Per cambiare categoria annullare il biglietto e acquistarne uno nuovo.',
    en: 'With this birth date the passenger would change category ({from} → {to}) on the flight date: this is not possible. To change category, cancel the ticket and buy a new one.',
  },
  myTicketsBirthDateInvalid: { it: 'Data di nascita non valida (gg/mm/aaaa)', en: 'Birth date not valid (dd/mm/yyyy)' },
  myTicketsDocumentRequired: { it: 'Tipo e numero del documento sono obbligatori', en: 'Document type and number are required' },
  myTicketsDocExpired: { it: 'Il documento è scaduto alla data del volo', en: 'The document has expired by the flight date' },
  // e-mail modal
  myTicketsRecipientMissing: {
    it: 'Nessun indirizzo email valido per il destinatario scelto',
    en: 'There is no valid email address for the chosen recipient',
  },
  myTicketsEmailSent: { it: 'Email inviata a {email}', en: 'Email sent to {email}' },
  myTicketsEmailFailed: { it: 'Invio email non riuscito: riprova più tardi', en: 'The email could not be sent: try again later' },
  myTicketsEmailLimit: {
    it: 'Troppi invii per questo biglietto: riprova tra qualche minuto.',
    en: 'Too many emails for this ticket: try again in a few minutes.',
  },
} as const satisfies Record<string, Localized>;
