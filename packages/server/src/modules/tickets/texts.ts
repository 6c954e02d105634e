import {
  BAGGAGE_MAX_CM,
  CHECK_IN_OPENS_MINUTES as OPENS,
  dimensionsText,
  GATE_CLOSES_MINUTES as CLOSES,
  type Lang,
  PET_CAGE_MAX_CM,
  PET_DISPLAY_NAMES,
} from '@heliline/domain';

const BAGGAGE = dimensionsText(BAGGAGE_MAX_CM);
const PET_CAGE = dimensionsText(PET_CAGE_MAX_CM);

/**
 * Words printed on tickets and in the ticket e-mail. Reminders state the spec's business rules
 * (§9), interpolated from the domain: check-in and gate times, luggage and pet cage sizes.
 */
export const TICKET_TEXTS = {
  it: {
    title: 'Biglietto elettronico',
    bookingTitle: 'Prenotazione',
    ticket: 'Biglietto n.',
    booking: 'Codice prenotazione',
    passenger: 'Passeggero',
    birthDate: 'Data di nascita',
    category: 'Categoria',
    flight: 'Volo',
    date: 'Data',
    departure: 'Partenza',
    arrival: 'Arrivo',
    route: 'Tratta',
    direction: { d: 'Andata', c: 'Ritorno' },
    linked: { d: 'Biglietto di ritorno', c: 'Biglietto di andata' },
    prices: 'Prezzo',
    fare: 'Tariffa',
    ticketPrice: 'Biglietto',
    tax: 'Tasse e diritti',
    landingTax: 'Tassa di sbarco',
    total: 'Totale',
    checkinTitle: 'Check-in',
    checkin: (opens: string, closes: string) =>
      `Presentarsi almeno ${OPENS} minuti prima della partenza. Il check-in e il gate aprono ${OPENS} minuti prima (${opens}) e chiudono tassativamente ${CLOSES} minuti prima della partenza (${closes}).`,
    checkinGeneral:
      `Presentarsi almeno ${OPENS} minuti prima della partenza: il check-in e il gate aprono ${OPENS} minuti prima e chiudono tassativamente ${CLOSES} minuti prima della partenza.`,
    remindersTitle: 'Promemoria',
    reminders: [
      `Un solo bagaglio a persona, dimensioni massime ${BAGGAGE} cm.`,
      `Animali: trasportino di dimensioni massime ${PET_CAGE} cm; un solo animale per volo.`,
      'Portare un documento di identità valido.',
      'Al check-in vanno consegnati i moduli per minori non accompagnati, per donne in gravidanza (fino all’ottavo mese) e per il trasporto di armi o munizioni.',
    ],
    issued: 'Emesso il',
    categories: { AD: 'Adulto', CH: 'Bambino', INF: 'Neonato', an: PET_DISPLAY_NAMES.it },
    mailSubject: (code: string) => `Heliline - I tuoi biglietti, prenotazione ${code}`,
    mailSingleSubject: (nr: string) => `Heliline - Biglietto ${nr}`,
    mailIntro: (code: string) => `Grazie per aver scelto Heliline. In allegato trovi i biglietti della prenotazione ${code} in formato PDF.`,
    mailSingleIntro: (nr: string, code: string) => `In allegato trovi il biglietto ${nr} (prenotazione ${code}) in formato PDF.`,
    mailTickets: 'Biglietti',
  },
  en: {
    title: 'Electronic ticket',
    bookingTitle: 'Booking',
    ticket: 'Ticket no.',
    booking: 'Booking code',
    passenger: 'Passenger',
    birthDate: 'Date of birth',
    category: 'Category',
    flight: 'Flight',
    date: 'Date',
    departure: 'Departure',
    arrival: 'Arrival',
    route: 'Route',
    direction: { d: 'Outbound', c: 'Return' },
    linked: { d: 'Return ticket', c: 'Outbound ticket' },
    prices: 'Price',
    fare: 'Fare',
    ticketPrice: 'Ticket',
    tax: 'Taxes and fees',
    landingTax: 'Landing tax',
    total: 'Total',
    checkinTitle: 'Check-in',
    checkin: (opens: string, closes: string) =>
      `Please arrive at least ${OPENS} minutes before departure. Check-in and the gate open ${OPENS} minutes before (${opens}) and close strictly ${CLOSES} minutes before departure (${closes}).`,
    checkinGeneral:
      `Please arrive at least ${OPENS} minutes before departure: check-in and the gate open ${OPENS} minutes before and close strictly ${CLOSES} minutes before departure.`,
    remindersTitle: 'Reminders',
    reminders: [
      `One piece of luggage per person, at most ${BAGGAGE} cm.`,
      `Pets: carrier at most ${PET_CAGE} cm; one pet per flight.`,
      'Bring a valid identity document.',
      'Forms for unaccompanied minors, pregnant women (up to the eighth month) and weapons or ammunition must be handed in at check-in.',
    ],
    issued: 'Issued on',
    categories: { AD: 'Adult', CH: 'Child', INF: 'Infant', an: PET_DISPLAY_NAMES.en },
    mailSubject: (code: string) => `Heliline - Your tickets, booking ${code}`,
    mailSingleSubject: (nr: string) => `Heliline - Ticket ${nr}`,
    mailIntro: (code: string) => `Thank you for flying Heliline. Your tickets for booking ${code} are attached as PDF files.`,
    mailSingleIntro: (nr: string, code: string) => `Ticket ${nr} (booking ${code}) is attached as a PDF file.`,
    mailTickets: 'Tickets',
  },
} as const satisfies Record<Lang, unknown>;
