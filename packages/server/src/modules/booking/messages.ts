import type { Lang, Localized } from '@heliline/domain';

/**
 * Server-only texts of the booking module that the domain's closed message set does not have
 * yet. Meant to move to packages/domain/src/i18n/booking-messages.ts (owner: domain-booking).
 */
export const BOOKING_SERVER_MESSAGES = {
  bookingCreated: {
    it: 'Prenotazione registrata: completa il pagamento sulla pagina della banca entro 10 minuti.',
    en: 'Booking recorded: complete the payment on the bank page within 10 minutes.',
  },
  holdExtended: {
    it: 'Tempo per il pagamento prolungato di 10 minuti.',
    en: 'Payment time extended by 10 minutes.',
  },
  holdNotExtendable: {
    it: 'Il tempo per il pagamento può essere prolungato una sola volta, prima della scadenza.',
    en: 'The payment time can be extended only once, before it runs out.',
  },
  buyerNotVerified: {
    it: 'Conferma il tuo indirizzo email prima di acquistare.',
    en: 'Confirm your email address before buying.',
  },
  agencyNotAuthorised: {
    it: "L'account agenzia non è ancora stato autorizzato dall'amministratore.",
    en: 'The agency account has not been authorised by the administrator yet.',
  },
  paxProfileRequired: {
    it: 'Completa il profilo passeggero del tuo account prima di acquistare.',
    en: 'Complete the passenger profile of your account before buying.',
  },
  paymentTypeNotAvailable: {
    it: 'Questa modalità di pagamento non è ancora disponibile.',
    en: 'This payment method is not available yet.',
  },
  seatsLostRefunded: {
    it: 'Il pagamento è arrivato dopo la scadenza e i posti non sono più disponibili: l’importo è stato rimborsato.',
    en: 'The payment arrived after the deadline and the seats are no longer available: the amount has been refunded.',
  },
  paymentUnavailable: {
    it: 'Il servizio di pagamento non è raggiungibile: nessun importo è stato addebitato, riprova tra poco.',
    en: 'The payment service cannot be reached: nothing has been charged, please try again shortly.',
  },
} as const satisfies Record<string, Localized>;

export type BookingServerMessage = keyof typeof BOOKING_SERVER_MESSAGES;

/** Same shape as http/errors.ts messageBody, for the texts above. */
export function bookingMessageBody<T extends Record<string, unknown>>(key: BookingServerMessage, lang: Lang, extra?: T) {
  const messages: Localized = BOOKING_SERVER_MESSAGES[key];
  return { message: messages[lang], messages, message_it: messages.it, message_en: messages.en, ...(extra as T) };
}

/** A refusal with one of the texts above; routes turn it into its status and body. */
export class BookingRefusal extends Error {
  constructor(
    readonly status: 403 | 409 | 422 | 502,
    readonly key: BookingServerMessage,
  ) {
    super(key);
  }
}
