import type { Localized } from './localized.ts';

/**
 * Texts of the booking wizard's rules (steps 1–4 and the coupon): the wizard carries this table on
 * /booking's first load (booking/wizard-messages.ts), so the texts of what happens after a booking
 * is sent (its outcome, payments, the receipt's tickets, the staff's blocked and failed bookings)
 * live in booking-outcome-messages.ts. Spec texts verbatim: where the spec quotes
 * Italian, that is the `it` text and `en` is a faithful translation; where it quotes English
 * (the original product showed some English texts), that is the `en` text and `it` is ours.
 * `{name}` placeholders are filled by `fillMessage` / `localizedWith` (booking/issues.ts).
 */
export const BOOKING_MESSAGES = {
  // step 1: route and passengers
  originDestinationMissing: { it: 'origine o destinazione mancante!', en: 'origin or destination missing!' },
  originDestinationIdentical: {
    it: 'origine e destinazione non possono coincidere!',
    en: 'origin and destination cannot be identical!',
  },
  routeNotServed: { it: 'Tratta non servita', en: 'Route not served' },
  departureDateRequired: { it: 'La data di partenza è obbligatoria', en: 'The departure date is required' },
  comebackDateRequired: { it: 'La data di ritorno è obbligatoria', en: 'The return date is required' },
  comebackBeforeDeparture: {
    it: 'La data di ritorno non può precedere la data di partenza',
    en: 'The return date cannot be earlier than the departure date',
  },
  departureDatePast: { it: 'La data di partenza è già passata', en: 'The departure date is in the past' },
  atLeastOnePax: { it: 'almeno un passeggero è obbligatorio!', en: 'at least one pax is mandatory!' },
  // Worded to read right for 1 as for 3 ("Con 1 adulti", "1 infants" did not).
  tooManyInfants: {
    it: 'Neonati ammessi al massimo: {max} (adulti: {adults})',
    en: 'Infants allowed at most: {max} (adults: {adults})',
  },
  userGenderManRequired: {
    it: "Il titolare dell'account viaggia: indicare almeno un passeggero adulto uomo",
    en: 'The account holder travels: choose at least one adult man',
  },
  userGenderWomanRequired: {
    it: "La titolare dell'account viaggia: indicare almeno una passeggera adulta donna",
    en: 'The account holder travels: choose at least one adult woman',
  },
  ownPaxCannotBeRemoved: {
    it: "Il passeggero dell'account non può essere rimosso",
    en: "The account's own passenger cannot be removed",
  },
  childrenWithoutAdults: {
    it: 'I minori non possono viaggiare senza un adulto. Per un minore non accompagnato contattare il servizio prenotazioni, che predisporrà la prenotazione e il modulo da consegnare firmato al check-in.',
    en: 'Children cannot travel without an adult. For an unaccompanied minor please contact the booking service, which will prepare the booking and the form to hand over signed at check-in.',
  },
  unattendedMinorDisclaimerRequired: {
    it: 'Per un minore non accompagnato bisogna accettare la dichiarazione: il modulo firmato va consegnato al check-in',
    en: 'For an unaccompanied minor the declaration must be accepted: the signed form is handed over at check-in',
  },
  onePetPerFlight: { it: 'È ammesso un solo animale per volo', en: 'Only one pet per flight is allowed' },
  // step 2: flights
  departureFlightRequired: { it: 'Selezionare il volo di andata', en: 'Select the departure flight' },
  comebackFlightRequired: { it: 'Selezionare il volo di ritorno', en: 'Select the return flight' },
  comebackFlightBeforeDeparture: {
    it: 'Il volo di ritorno non può partire prima del volo di andata',
    en: 'The return flight cannot take off before the departure flight',
  },
  sameFlightBothLegs: {
    it: 'Non è possibile selezionare lo stesso volo per andata e ritorno',
    en: 'The same flight cannot be selected for both departure and return',
  },
  purchaseCutoff: {
    it: 'Non è possibile acquistare biglietti nelle {hours} ore precedenti il volo',
    en: 'Tickets cannot be bought within {hours} hours before the flight',
  },
  chosenFlightCancelled: {
    it: 'Il volo scelto è stato cancellato: sceglierne un altro',
    en: 'The chosen flight has been cancelled: please choose another one',
  },
  extraFlightStaffOnly: {
    it: 'Questo volo è prenotabile solo dal servizio prenotazioni',
    en: 'This flight can only be booked by the booking service',
  },
  flightNotAvailable: {
    it: 'Il volo scelto non è disponibile per questa tratta e data',
    en: 'The chosen flight is not available for this route and date',
  },
  noFlights: { it: 'Nessun volo disponibile per la data scelta', en: 'No flights available on the chosen date' },
  // step 3: passengers and contacts
  paxIncomplete: {
    it: 'Inserire cognome, nome e sesso dei passeggeri: {positions}',
    en: 'Enter last name, first name and gender of passengers: {positions}',
  },
  birthDatesInvalid: {
    it: 'le seguenti date di nascita non sono valide: {positions}',
    en: 'the following birth dates are not valid: {positions}',
  },
  documentRequired: {
    it: 'per tutti i passeggeri è obbligatorio un documento',
    en: 'a document is mandatory for every passenger',
  },
  // my-tickets §5's wording: one person, one seat per flight (names and birth date alike).
  paxTwiceOnFlight: { it: 'passeggero inserito più volte sullo stesso volo', en: 'passenger entered more than once on the same flight' },
  paxEmailsInvalid: { it: 'email passeggeri non valide!', en: 'passenger emails not valid!' },
  contactsRequired: { it: 'inserire recapiti email e telefono', en: 'enter contact email and telephone' },
  contactEmailInvalid: { it: 'email di contatto non valida', en: 'contact email not valid' },
  conditionsRequired: {
    it: 'È necessario accettare le condizioni di trasporto',
    en: 'The conditions of carriage must be accepted',
  },
  adultOnFlightDateRequired: {
    it: "almeno un passeggero dev'essere maggiorenne alla data del volo",
    en: 'at least one passenger must be 18 or older on the flight date',
  },
  noAdultsForUnattendedMinor: {
    it: 'non sono previsti adulti per prenotazioni minori non accompagnati',
    en: 'adults are not expected in unaccompanied-minor bookings',
  },
  paxCountMismatch: {
    it: 'Il numero di passeggeri non corrisponde alla ricerca',
    en: 'The number of passengers does not match the search',
  },
  // step 4: invoice, payment link, seat blocking
  invoiceCompanyRequired: {
    it: 'Per la fattura a una società sono obbligatori partita IVA e ragione sociale',
    en: 'A company invoice needs the VAT number and the business name',
  },
  invoicePrivateIdRequired: {
    it: 'Indicare la partita IVA oppure il codice fiscale (uno solo dei due)',
    en: 'Enter either the VAT number or the fiscal code (only one of them)',
  },
  invoiceNamesRequired: { it: 'Nome e cognome sono obbligatori', en: 'First name and last name are required' },
  invoiceAddressRequired: { it: 'Indirizzo, città e CAP sono obbligatori', en: 'Address, city and zip code are required' },
  invoiceRecipientRequired: {
    it: 'Indicare la PEC oppure il codice destinatario',
    en: 'Enter the certified e-mail (PEC) or the recipient code',
  },
  paymentLinkEmailInvalid: { it: 'Email per invio link non valida!', en: 'Email for sending the link not valid!' },
  paymentLinkEmailInvalidCheckSpaces: {
    it: 'Email per invio link non valida! - ricontrollare anche possibili spazi vuoti -',
    en: 'Email for sending the link not valid! - check for blank spaces too -',
  },
  blockReasonRequired: { it: 'Motivazione obbligatoria', en: 'Reason required' },
  receiptEmailInvalid: { it: 'email non valida', en: 'email not valid' },
  // coupon
  couponInvalid: { it: 'Coupon non valido', en: 'Coupon not valid' },
  couponApplied: { it: 'Sconto del {perc}% applicato sui biglietti', en: '{perc}% discount applied to the tickets' },
  couponAttemptsExhausted: {
    it: 'Numero massimo di tentativi raggiunto',
    en: 'Maximum number of attempts reached',
  },
  couponServerError: { it: 'Errore del server. Sconto non disponibile.', en: 'Server error. Discount not available.' },
  // vouchers (issue 51): a means of payment on the whole total; amounts as formatMoney writes them
  voucherApplied: { it: 'Buono {code}: {amount} applicati, {left} residui fino al {until}', en: 'Voucher {code}: {amount} applied, {left} left until {until}' },
  voucherAppliedAll: { it: 'Buono {code}: {amount} applicati, nessun residuo', en: 'Voucher {code}: {amount} applied, nothing left on it' },
  voucherLeft: { it: 'Sul buono restano {left}, da usare entro il {until}', en: '{left} left on the voucher, to use by {until}' },
  voucherUsedUp: { it: 'Il buono è stato usato tutto', en: 'The voucher has been used up' },
  voucherCoversAll: {
    it: "Il buono copre l'intero importo: confermare con il buono, senza carta",
    en: 'The voucher covers the whole amount: confirm with the voucher, no card needed',
  },
  voucherDoesNotCover: {
    it: "Il buono non copre l'intero importo: pagare il resto con la carta",
    en: 'The voucher does not cover the whole amount: pay the rest by card',
  },
  voucherBookingPaid: {
    it: 'Pagato con il buono e biglietti emessi: sono stati inviati all’email di contatto.',
    en: 'Paid with the voucher and tickets issued: they have been sent to the contact e-mail.',
  },
  voucherBalanceChanged: {
    it: 'Il saldo del buono è cambiato nel frattempo: inserire di nuovo il buono',
    en: 'The voucher balance changed meanwhile: enter the voucher again',
  },
  petOwnerRequired: {
    it: "Indicare il passeggero che accompagna l'animale",
    en: 'Choose the passenger travelling with the pet',
  },
} as const satisfies Record<string, Localized>;
