import type { Localized } from './localized.ts';

/** Texts of staff booking tools (staff wizard, payment link, cash, operator account, blocked seats, management list). Spec texts verbatim, as in booking-messages.ts. */
export const STAFF_MESSAGES = {
  petAlreadyOnFlight: {
    it: "Su questo volo viaggia già un animale: è ammesso un solo animale per volo. Scegliere un altro volo o prenotare senza l'animale.",
    en: 'A pet is already booked on this flight: only one pet per flight is allowed. Choose another flight or book without the pet.',
  },
  staffDiscountsForbidden: {
    it: 'Esenzione e sconto possono essere indicati solo dal servizio prenotazioni',
    en: 'Exemption and discount can only be set by the booking office',
  },
  paymentTypeForbidden: {
    it: 'Questa modalità di pagamento non è consentita al tuo profilo',
    en: 'This payment method is not allowed for your profile',
  },
  staffBookingPaid: {
    it: 'Pagamento registrato e biglietti emessi: sono stati inviati all’email di contatto.',
    en: 'Payment recorded and tickets issued: they have been sent to the contact e-mail.',
  },
  seatsBlockedUntil: {
    it: 'Posti bloccati: prenotazione {code}, fino al {until}',
    en: 'Seats blocked: booking {code}, until {until}',
  },
  systemError: { it: 'Errore di sistema', en: 'System error' },
  blockedBookingNotFound: {
    it: 'Prenotazione con posti bloccati non trovata',
    en: 'Blocked booking not found',
  },
  blockedBookingClosed: {
    it: 'I posti di questa prenotazione non sono più bloccati (scaduta, rimossa o già venduta)',
    en: 'The seats of this booking are no longer blocked (expired, removed or already sold)',
  },
  blockedBookingMismatch: {
    it: 'I voli o i passeggeri non corrispondono alla prenotazione con posti bloccati',
    en: 'The flights or passengers do not match the blocked booking',
  },
  paymentLinkNotPending: {
    it: 'La prenotazione non è più in attesa di pagamento: impossibile inviare il link',
    en: 'The booking is no longer awaiting payment: the link cannot be sent',
  },
  paymentLinkMailSubject: { it: 'Heliline - Link di pagamento prenotazione {code}', en: 'Heliline - Payment link for booking {code}' },
  paymentLinkMailIntro: {
    it: 'Per completare la prenotazione {code} ({amount}) paga con carta sulla pagina sicura della banca entro le {until}.',
    en: 'To complete booking {code} ({amount}) pay by card on the bank’s secure page by {until}.',
  },
  paymentLinkMailButton: { it: 'Paga ora', en: 'Pay now' },
  paymentLinkMailOutro: {
    it: 'Dopo la scadenza il link non è più valido e i posti vengono liberati. I biglietti arrivano a questo indirizzo dopo il pagamento.',
    en: 'After that time the link is no longer valid and the seats are released. The tickets arrive at this address after payment.',
  },
  paymentLinkExpiredTitle: { it: 'Link di pagamento scaduto', en: 'Payment link expired' },
  paymentLinkExpiredText: {
    it: 'Il tempo per pagare questa prenotazione è scaduto oppure la prenotazione è già stata pagata o annullata. Nessun importo è stato addebitato: contatta il servizio prenotazioni per un nuovo link.',
    en: 'The time to pay for this booking has run out, or the booking has already been paid or cancelled. Nothing has been charged: contact the booking office for a new link.',
  },
  paymentLinkUnknownTitle: { it: 'Link di pagamento non valido', en: 'Payment link not valid' },
} as const satisfies Record<string, Localized>;
