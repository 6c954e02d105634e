import type { Localized } from './localized.ts';

/** Generic field checks, shared by the account, booking and ticket rules, and the refusal of what a role may not do. */
export const VALIDATION_MESSAGES = {
  required: { it: 'Campo obbligatorio', en: 'This field is required' },
  emailInvalid: { it: 'Indirizzo email non valido', en: 'Invalid email address' },
  tooLong: { it: 'Massimo 255 caratteri', en: 'At most 255 characters' },
  invalidValue: { it: 'Valore non valido', en: 'Invalid value' },
  invalidInput: { it: 'I dati inseriti non sono validi', en: 'The data entered is not valid' },
  dateInvalid: { it: 'Data non valida (gg/mm/aaaa)', en: 'Invalid date (dd/mm/yyyy)' },
  forbidden: { it: 'Operazione non consentita', en: 'You are not allowed to do this' },
  lastnameNotPrintable: { it: 'Cognome: usare solo lettere latine, greche o cirilliche', en: 'Last name: use Latin, Greek or Cyrillic letters only' },
  firstnameNotPrintable: { it: 'Nome: usare solo lettere latine, greche o cirilliche', en: 'First name: use Latin, Greek or Cyrillic letters only' },
} as const satisfies Record<string, Localized>;
