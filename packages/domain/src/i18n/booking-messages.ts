import type { Localized } from './localized.ts';

/** Texts of the booking wizard, payments and tickets. Spec texts verbatim. */
export const BOOKING_MESSAGES = {
  // payments & tickets
  paymentSignatureInvalid: { it: 'Firma della notifica non valida', en: 'Invalid notification signature' },
  paymentNotificationInvalid: {
    it: 'Notifica di pagamento non valida: nessuna modifica eseguita',
    en: 'Invalid payment notification: nothing was changed',
  },
  paymentNotificationConflict: {
    it: 'La notifica contraddice un esito già registrato: nessuna modifica eseguita',
    en: 'The notification contradicts an outcome already recorded: nothing was changed',
  },
  paymentNotRefundable: { it: 'Il pagamento non è rimborsabile', en: 'The payment cannot be refunded' },
  ticketEmailInvalid: { it: 'email non valida', en: 'invalid email' },
  ticketSent: { it: 'biglietto inviato', en: 'ticket sent' },
  ticketSendFailed: { it: 'errore server. riprovare', en: 'error while sending ticket. please retry' },
  singleTicketSent: { it: 'Biglietto {n} inviato!', en: 'Ticket {n} sent!' },
  singleTicketFailed: { it: 'Invio non riuscito...', en: 'Sending failed...' },
  ticketRequestInvalid: { it: 'Richiesta di invio biglietto non valida', en: 'Invalid ticket sending request' },
} as const satisfies Record<string, Localized>;
