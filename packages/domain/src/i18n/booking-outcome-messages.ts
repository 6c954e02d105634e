import { HOLD_MINUTES } from '../booking/hold.ts';
import type { Localized } from './localized.ts';

/**
 * Texts of what follows a booking's sending: its outcome, the server's answers, payments, the
 * receipt's tickets, and the staff's blocked and failed bookings. Not in the wizard's table
 * (booking-messages.ts), which /booking downloads on its first load. Spec texts verbatim, as there.
 */
export const BOOKING_OUTCOME_MESSAGES = {
  // outcome of a booking
  bankFailure: {
    it: 'Siamo spiacenti, la banca ha risposto: {message}. Non è stato emesso alcun biglietto.',
    en: 'We apologize, bank response is: {message}. No ticket has been issued.',
  },
  bankErrorCode: { it: '# {error_code}', en: '# {error_code}' },
  bankFailureHint: {
    it: "Ripetere la prenotazione o contattare l'assistenza.",
    en: 'Please book again or contact support.',
  },
  seatsGone: {
    it: 'I posti richiesti non sono più disponibili su questo volo: sceglierne un altro.',
    en: 'The requested seats are no longer available on this flight: please choose another one.',
  },
  holdExpired: {
    it: `Il tempo per il pagamento (${HOLD_MINUTES} minuti) è scaduto e la prenotazione è stata annullata: nessun importo è stato addebitato.`,
    en: `The time for payment (${HOLD_MINUTES} minutes) has expired and the booking has been cancelled: nothing has been charged.`,
  },
  totalsChanged: {
    it: 'Gli importi non corrispondono alle tariffe in vigore: ricontrollare il riepilogo.',
    en: 'The amounts do not match the fares in force: please check the summary again.',
  },
  bookingCodeInvalid: { it: 'Codice prenotazione non valido', en: 'Booking code not valid' },
  seatsBlocked: { it: 'Posti bloccati: prenotazione {code}', en: 'Seats blocked: booking {code}' },
  paymentLinkSent: { it: 'Link di pagamento inviato a {email}', en: 'Payment link sent to {email}' },
  // blocked and failed bookings
  noBlockedSeats: { it: 'Nessun posto bloccato', en: 'No blocked seats' },
  blockRemoved: { it: 'Prenotazione {code} eliminata!', en: 'Booking {code} deleted!' },
  bookingRemovedSeatsFreed: {
    it: "E' stata rimossa e sono stati liberati i relativi posti",
    en: 'It has been removed and its seats have been released',
  },
  bookingRemoved: { it: "E' stata rimossa", en: 'It has been removed' },
  bookingInUseBy: { it: 'in uso da {user}', en: 'in use by {user}' },
  bookingLocked: {
    it: 'Prenotazione bloccata o in uso da un altro utente',
    en: 'Booking locked or in use by another user',
  },
  // tickets on the receipt
  ticketSent: { it: 'biglietto inviato', en: 'ticket sent' },
  ticketSendFailed: { it: 'errore server. riprovare', en: 'error while sending ticket. please retry' },
  singleTicketSent: { it: 'Biglietto {n} inviato!', en: 'Ticket {n} sent!' },
  singleTicketFailed: { it: 'Invio non riuscito...', en: 'Sending failed...' },
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
  ticketRequestInvalid: { it: 'Richiesta di invio biglietto non valida', en: 'Invalid ticket sending request' },
  // booking requests (server answers)
  bookingCreated: {
    it: `Prenotazione registrata: completa il pagamento sulla pagina della banca entro ${HOLD_MINUTES} minuti.`,
    en: `Booking recorded: complete the payment on the bank page within ${HOLD_MINUTES} minutes.`,
  },
  holdExtended: {
    it: `Tempo per il pagamento prolungato di ${HOLD_MINUTES} minuti.`,
    en: `Payment time extended by ${HOLD_MINUTES} minutes.`,
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
  seatsLostRefunded: {
    it: 'Il pagamento è arrivato dopo la scadenza e i posti non sono più disponibili: l’importo è stato rimborsato.',
    en: 'The payment arrived after the deadline and the seats are no longer available: the amount has been refunded.',
  },
  paymentUnavailable: {
    it: 'Il servizio di pagamento non è raggiungibile: nessun importo è stato addebitato, riprova tra poco.',
    en: 'The payment service cannot be reached: nothing has been charged, please try again shortly.',
  },
} as const satisfies Record<string, Localized>;
