import type { Localized } from './localized.ts';

/** Texts of my-tickets edit mode: moving tickets, cancelling with refund, paying the difference. Spec texts verbatim, as in booking-messages.ts. */
export const TICKET_CHANGES_MESSAGES = {
  // spec §5, verbatim (it); en ours
  changeTravelsIncomplete: {
    it: 'Completare la selezione di tutti i voli richiesti (o rimuovere i vuoti)',
    en: 'Select a flight for every requested travel (or remove the empty ones)',
  },
  changeFlightsNotSelected: { it: 'Voli non selezionati', en: 'No flights selected' },
  changePaymentLinkEmailInvalid: { it: 'email destinatario non valida', en: 'recipient email not valid' },
  changePaxTwiceOnFlight: { it: 'passeggero inserito più volte sullo stesso volo', en: 'passenger entered more than once on the same flight' },
  changeRefundNumberInvalid: { it: 'solo numeri e punto per i decimali', en: 'only digits and a point for decimals' },
  // ours
  changeTooManyTravels: {
    it: 'I voli richiesti non possono essere più dei biglietti della prenotazione',
    en: 'There cannot be more travels than tickets in the booking',
  },
  changeTicketUnknown: { it: 'Biglietto {ticketNr} non presente nella prenotazione', en: 'Ticket {ticketNr} is not part of this booking' },
  changeTicketNotLive: {
    it: 'Il biglietto {ticketNr} è già stato annullato o spostato',
    en: 'Ticket {ticketNr} has already been cancelled or moved',
  },
  changeTicketTwice: {
    it: 'Il biglietto {ticketNr} è indicato più volte (spostato e/o annullato)',
    en: 'Ticket {ticketNr} is given more than once (moved and/or cancelled)',
  },
  changeAnimalWithOwner: {
    it: "L'animale viaggia solo con il suo accompagnatore: spostare o annullare anche l'animale",
    en: 'A pet travels only with its owner: move or cancel the pet as well',
  },
  changeRouteMismatch: {
    it: 'Il volo scelto non collega {origin} a {destination}',
    en: 'The chosen flight does not connect {origin} to {destination}',
  },
  changeFlightNotOnSale: {
    it: 'Il volo {flightCode} non è più prenotabile (chiusura vendite {hours} ore prima del decollo)',
    en: 'Flight {flightCode} can no longer be booked (sales close {hours} hours before take-off)',
  },
  changeFlightUnknown: { it: 'Volo non disponibile', en: 'Flight not available' },
  changeEditExpired: {
    it: 'Il biglietto {ticketNr} non è più modificabile (modificabile fino al {until})',
    en: 'Ticket {ticketNr} can no longer be changed (changeable until {until})',
  },
  changeRequestEmpty: { it: 'Nessuna modifica richiesta', en: 'No change requested' },
  changeSeatsGone: {
    it: 'Posti non più disponibili sul volo scelto: nessuna modifica effettuata',
    en: 'No seats left on the chosen flight: nothing has been changed',
  },
  changePendingExists: {
    it: 'Una modifica di questa prenotazione è già in attesa di pagamento',
    en: 'A change of this booking is already waiting for payment',
  },
  changePreviewReady: { it: 'Importi ricalcolati', en: 'Amounts recalculated' },
  changeAwaitingPayment: { it: 'Prenotazione in attesa di convalida', en: 'Booking awaiting validation' },
  changeApplied: { it: 'Modifica effettuata', en: 'Change completed' },
  changeLinkSent: { it: 'Link di pagamento inviato a {email}', en: 'Payment link sent to {email}' },
  changeExpired: {
    it: 'Tempo per il pagamento scaduto: i biglietti originali restano validi',
    en: 'The payment time has run out: the original tickets remain valid',
  },
  changeFailed: {
    it: 'Pagamento non riuscito: i biglietti originali restano validi',
    en: 'The payment failed: the original tickets remain valid',
  },
  changeNotPayable: {
    it: 'Questa modifica non è più in attesa di pagamento',
    en: 'This change is no longer waiting for payment',
  },
  // PAYPAL_ENABLED=false: a change that costs more is refused, and edit mode says so before it is built
  changePaymentUnavailable: {
    it: "Il pagamento di una differenza non è disponibile; contatta l'ufficio prenotazioni.",
    en: 'Paying a difference is not available; contact the booking office.',
  },
  // PayPal (spec §8: the product showed these in English)
  paypalCouldNotStart: {
    it: 'Impossibile avviare il pagamento PayPal',
    en: 'Could not initiate PayPal Checkout...',
  },
  paypalNotProcessed: {
    it: 'Spiacenti, la transazione non è stata elaborata',
    en: 'Sorry, your transaction could not be processed...',
  },
  paypalInstrumentDeclined: {
    it: 'Il metodo di pagamento è stato rifiutato: scegline un altro e riprova',
    en: 'The payment method was declined: choose another one and try again',
  },
  paypalAlreadyCaptured: { it: 'Pagamento già registrato', en: 'Payment already recorded' },
  // the refund ledger (issue 51): a refund is never more than what the booking's payments took
  refundExceedsCaptured: {
    it: 'Il rimborso supera quanto pagato per questa prenotazione e non ancora rimborsato: contatta la biglietteria',
    en: 'The refund is more than what was paid for this booking and not yet refunded: please contact the booking office',
  },
  // refund e-mail
  refundMailSubject: { it: 'Heliline – rimborso biglietti {bookingCode}', en: 'Heliline – ticket refund {bookingCode}' },
  refundMailIntro: {
    it: 'Sono stati annullati i seguenti biglietti della prenotazione {bookingCode}. Rimborso totale: {amount}.',
    en: 'The following tickets of booking {bookingCode} have been cancelled. Total refund: {amount}.',
  },
  refundMailLine: { it: 'Biglietto {ticketNr} ({name}): pagato {paid}, rimborso {refund}', en: 'Ticket {ticketNr} ({name}): paid {paid}, refund {refund}' },
} as const satisfies Record<string, Localized>;
