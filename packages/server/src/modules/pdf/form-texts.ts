import type { Lang, PdfFormKind } from '@heliline/domain';

/**
 * Words of the three check-in forms (spec my-tickets §2: minor, pregnant, weapons). Each form
 * has sections of fields (name = the AcroForm field name, stable across languages, so staff
 * read the same keys whatever language the passenger printed) and declaration paragraphs.
 */
export interface FormFieldText {
  /** AcroForm field name. */
  name: string;
  label: string;
  /** Share of the line's width (fields of one row add up to 1). */
  width: number;
}

export interface FormTexts {
  title: string;
  intro: string;
  sections: { heading: string; rows: FormFieldText[][] }[];
  declarations: string[];
  /** Tick boxes the signer confirms (name → text). */
  checks: { name: string; label: string }[];
  placeDate: string;
  signature: string;
  footer: string;
}

const f = (name: string, label: string, width = 1): FormFieldText => ({ name, label, width });

/** Flight fields shared by every form, pre-filled from the booking. */
const flightRow = (lang: Lang): FormFieldText[][] =>
  lang === 'it'
    ? [
        [f('booking_code', 'Codice prenotazione', 0.3), f('ticket_nr', 'Biglietto n.', 0.2), f('flight_code', 'Volo', 0.2), f('flight_date', 'Data e ora del volo', 0.3)],
        [f('route', 'Tratta')],
      ]
    : [
        [f('booking_code', 'Booking code', 0.3), f('ticket_nr', 'Ticket no.', 0.2), f('flight_code', 'Flight', 0.2), f('flight_date', 'Flight date and time', 0.3)],
        [f('route', 'Route')],
      ];

const passengerRows = (lang: Lang, who: { it: string; en: string }): FormFieldText[][] =>
  lang === 'it'
    ? [
        [f('passenger_lastname', `Cognome ${who.it}`, 0.5), f('passenger_firstname', `Nome ${who.it}`, 0.5)],
        [f('passenger_birthdate', 'Data di nascita (gg/mm/aaaa)', 0.35), f('passenger_document', 'Documento (tipo e numero)', 0.65)],
      ]
    : [
        [f('passenger_lastname', `${who.en} last name`, 0.5), f('passenger_firstname', `${who.en} first name`, 0.5)],
        [f('passenger_birthdate', 'Date of birth (dd/mm/yyyy)', 0.35), f('passenger_document', 'Document (type and number)', 0.65)],
      ];

const COMMON = {
  it: { placeDate: 'Luogo e data', signature: 'Firma del dichiarante', footer: 'Heliline · consegnare il modulo compilato e firmato al check-in.' },
  en: { placeDate: 'Place and date', signature: "Declarant's signature", footer: 'Heliline · hand in the completed and signed form at check-in.' },
} as const;

function minor(lang: Lang): FormTexts {
  const it = lang === 'it';
  return {
    ...COMMON[lang],
    title: it ? 'Dichiarazione per minore non accompagnato' : 'Unaccompanied minor declaration',
    intro: it
      ? 'Da compilare a cura del genitore o di chi esercita la responsabilità genitoriale per un minore che viaggia senza un adulto accompagnatore.'
      : 'To be completed by the parent or legal guardian of a minor travelling without an accompanying adult.',
    sections: [
      { heading: it ? 'Minore' : 'Minor', rows: passengerRows(lang, { it: 'del minore', en: "Minor's" }) },
      { heading: it ? 'Volo' : 'Flight', rows: flightRow(lang) },
      {
        heading: it ? 'Genitore o tutore (dichiarante)' : 'Parent or guardian (declarant)',
        rows: it
          ? [
              [f('guardian_fullname', 'Cognome e nome', 0.6), f('guardian_phone', 'Telefono', 0.4)],
              [f('guardian_document', 'Documento (tipo e numero)', 0.6), f('guardian_relation', 'Rapporto con il minore', 0.4)],
            ]
          : [
              [f('guardian_fullname', 'Full name', 0.6), f('guardian_phone', 'Telephone', 0.4)],
              [f('guardian_document', 'Document (type and number)', 0.6), f('guardian_relation', 'Relationship to the minor', 0.4)],
            ],
      },
      {
        heading: it ? "Persona che accoglie il minore all'arrivo" : 'Person meeting the minor on arrival',
        rows: it
          ? [[f('pickup_fullname', 'Cognome e nome', 0.6), f('pickup_phone', 'Telefono', 0.4)], [f('pickup_document', 'Documento (tipo e numero)')]]
          : [[f('pickup_fullname', 'Full name', 0.6), f('pickup_phone', 'Telephone', 0.4)], [f('pickup_document', 'Document (type and number)')]],
      },
    ],
    declarations: it
      ? [
          'Il sottoscritto autorizza il minore a viaggiare da solo sul volo indicato e dichiara che sarà accompagnato fino al check-in e accolto all’arrivo dalla persona indicata.',
          'Solleva l’operatore da ogni responsabilità dopo la consegna del minore alla persona indicata all’arrivo.',
        ]
      : [
          'I authorise the minor to travel alone on the flight above and declare that they will be accompanied to check-in and met on arrival by the person named.',
          'I release the operator from all liability once the minor has been handed over to the person named on arrival.',
        ],
    checks: [{ name: 'declaration_accepted', label: it ? 'Dichiaro che i dati sono veri e completi' : 'I declare that the details are true and complete' }],
  };
}

function pregnant(lang: Lang): FormTexts {
  const it = lang === 'it';
  return {
    ...COMMON[lang],
    title: it ? 'Dichiarazione per passeggera in gravidanza (fino all’ottavo mese)' : 'Pregnant passenger declaration (up to the 8th month)',
    intro: it
      ? 'Le passeggere in gravidanza sono accettate a bordo fino all’ottavo mese compreso, con questa dichiarazione compilata e firmata.'
      : 'Pregnant passengers are accepted on board up to and including the 8th month, with this declaration completed and signed.',
    sections: [
      { heading: it ? 'Passeggera' : 'Passenger', rows: passengerRows(lang, { it: 'della passeggera', en: "Passenger's" }) },
      { heading: it ? 'Volo' : 'Flight', rows: flightRow(lang) },
      {
        heading: it ? 'Gravidanza' : 'Pregnancy',
        rows: it
          ? [
              [f('pregnancy_week', 'Settimana di gravidanza alla data del volo', 0.5), f('expected_date', 'Data presunta del parto', 0.5)],
              [f('doctor', 'Medico curante (nome e telefono)')],
            ]
          : [
              [f('pregnancy_week', 'Week of pregnancy on the flight date', 0.5), f('expected_date', 'Expected date of delivery', 0.5)],
              [f('doctor', 'Attending doctor (name and telephone)')],
            ],
      },
    ],
    declarations: it
      ? [
          'La sottoscritta dichiara di non aver superato l’ottavo mese di gravidanza alla data del volo e che la gravidanza procede senza complicazioni.',
          'Dichiara di viaggiare sotto la propria responsabilità e solleva l’operatore da ogni responsabilità per conseguenze legate alla gravidanza.',
        ]
      : [
          'I declare that I have not passed the 8th month of pregnancy on the flight date and that the pregnancy has no complications.',
          'I travel at my own risk and release the operator from all liability for consequences related to the pregnancy.',
        ],
    checks: [
      { name: 'within_eighth_month', label: it ? 'Non ho superato l’ottavo mese di gravidanza' : 'I have not passed the 8th month of pregnancy' },
      { name: 'declaration_accepted', label: it ? 'Dichiaro che i dati sono veri e completi' : 'I declare that the details are true and complete' },
    ],
  };
}

function weapons(lang: Lang): FormTexts {
  const it = lang === 'it';
  return {
    ...COMMON[lang],
    title: it ? 'Dichiarazione di trasporto armi e munizioni' : 'Weapons and ammunition declaration',
    intro: it
      ? 'Armi e munizioni viaggiano solo scariche, separate e consegnate al personale al check-in, con questa dichiarazione e il porto d’armi.'
      : 'Weapons and ammunition travel only unloaded, separated and handed to the staff at check-in, with this declaration and the firearms licence.',
    sections: [
      { heading: it ? 'Passeggero' : 'Passenger', rows: passengerRows(lang, { it: 'del passeggero', en: "Passenger's" }) },
      { heading: it ? 'Volo' : 'Flight', rows: flightRow(lang) },
      {
        heading: it ? 'Armi e munizioni' : 'Weapons and ammunition',
        rows: it
          ? [
              [f('weapon_type', 'Tipo e modello dell’arma', 0.6), f('weapon_serial', 'Matricola', 0.4)],
              [f('licence_number', 'Porto d’armi n.', 0.4), f('licence_issuer', 'Rilasciato da', 0.35), f('licence_expiry', 'Scadenza', 0.25)],
              [f('ammunition_type', 'Munizioni (tipo e calibro)', 0.6), f('ammunition_quantity', 'Quantità', 0.4)],
            ]
          : [
              [f('weapon_type', 'Weapon type and model', 0.6), f('weapon_serial', 'Serial number', 0.4)],
              [f('licence_number', 'Firearms licence no.', 0.4), f('licence_issuer', 'Issued by', 0.35), f('licence_expiry', 'Expiry', 0.25)],
              [f('ammunition_type', 'Ammunition (type and calibre)', 0.6), f('ammunition_quantity', 'Quantity', 0.4)],
            ],
      },
    ],
    declarations: it
      ? [
          'Il sottoscritto dichiara che le armi sono scariche, che le munizioni sono imballate separatamente e di essere in possesso delle autorizzazioni previste dalla legge.',
          'Armi e munizioni sono consegnate al personale al check-in e restituite all’arrivo.',
        ]
      : [
          'I declare that the weapons are unloaded, that the ammunition is packed separately and that I hold the authorisations required by law.',
          'Weapons and ammunition are handed to the staff at check-in and returned on arrival.',
        ],
    checks: [
      { name: 'weapons_unloaded', label: it ? 'Le armi sono scariche' : 'The weapons are unloaded' },
      { name: 'declaration_accepted', label: it ? 'Dichiaro che i dati sono veri e completi' : 'I declare that the details are true and complete' },
    ],
  };
}

export function formTexts(kind: PdfFormKind, lang: Lang): FormTexts {
  return { minor, pregnant, weapons }[kind](lang);
}

/** File names of the attached forms, in the mail's language. */
export const FORM_FILE_NAMES: Record<Lang, Record<PdfFormKind, string>> = {
  it: { minor: 'heliline-modulo-minore-non-accompagnato.pdf', pregnant: 'heliline-modulo-gravidanza.pdf', weapons: 'heliline-modulo-armi-munizioni.pdf' },
  en: { minor: 'heliline-form-unaccompanied-minor.pdf', pregnant: 'heliline-form-pregnancy.pdf', weapons: 'heliline-form-weapons-ammunition.pdf' },
};
