import type { Localized } from './localized.ts';

/** Texts of the public site (contacts, timetable, helipad posts …). Spec texts verbatim. */
export const PUBLIC_SITE_MESSAGES = {
  // contacts (spec §5, §8: the locale texts AllFieldsMandatory and EmailInvalid)
  allFieldsMandatory: { it: 'Tutti i campi sono obbligatori', en: 'All fields are mandatory' },
  contactRequestTypeInvalid: {
    it: 'Scegli il tipo di richiesta: assistenza voli o contatto con la società',
    en: 'Choose the request type: flight assistance or contact with the company',
  },
  contactSent: {
    it: 'Richiesta inviata: ti risponderemo al più presto.',
    en: 'Request sent: we will answer you as soon as possible.',
  },
  /** What the web shows when the captcha fails (spec §8, verbatim in both languages). */
  captchaErrorWeb: { it: 'reCaptcha error...', en: 'reCaptcha error...' },
  captchaMissing: {
    it: 'Completa la verifica anti-spam prima di inviare.',
    en: 'Complete the anti-spam check before sending.',
  },
  captchaInvalid: {
    it: 'Verifica anti-spam non riuscita: riprova.',
    en: 'The anti-spam check failed: please try again.',
  },
  captchaExpired: {
    it: 'La verifica anti-spam è scaduta: ripetila e invia di nuovo.',
    en: 'The anti-spam check has expired: repeat it and send again.',
  },
  captchaReused: {
    it: 'Questa verifica anti-spam è già stata usata: ripetila e invia di nuovo.',
    en: 'This anti-spam check has already been used: repeat it and send again.',
  },
  contactMailSubject: { it: 'Nuova richiesta dal sito', en: 'New request from the web site' },
  requestTypeVoli: { it: 'Assistenza voli', en: 'Flight assistance' },
  requestTypeContatto: { it: 'Contatto con la società', en: 'Contact with the company' },
  // timetable and departure board
  nextFlightLabel: { it: 'Prossimo volo', en: 'Next flight' },
  noUpcomingFlight: {
    it: 'Nessun volo in programma al momento',
    en: 'No flight scheduled at the moment',
  },
  timetableGridTitle: { it: 'Orario voli della settimana', en: 'Flight timetable of the week' },
  timetableNoFlights: { it: 'Nessun volo', en: 'No flights' },
  timetableFlight: { it: 'Volo', en: 'Flight' },
  timetableOrigin: { it: 'Partenza', en: 'Origin' },
  timetableTakeoff: { it: 'Decollo', en: 'Takeoff' },
  timetableDestination: { it: 'Destinazione', en: 'Destination' },
  timetableLanding: { it: 'Atterraggio', en: 'Landing' },
  // company pages and documents
  previewRibbon: { it: 'Anteprima', en: 'Preview' },
  documentPage: { it: 'Pagina', en: 'Page' },
} as const satisfies Record<string, Localized>;
