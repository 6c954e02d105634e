/**
 * User-facing texts that both the server (422/4xx answers, e-mails) and the web app show.
 * Keys form a closed set so a typo is a type error, not a blank message.
 * Texts quoted by the spec are copied verbatim.
 */
import { API_MESSAGES } from './api-messages.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { BOOKING_OUTCOME_MESSAGES } from './booking-outcome-messages.ts';
import { CHECKIN_MESSAGES } from './checkin-messages.ts';
import { FAILED_BOOKINGS_MESSAGES } from './failed-bookings-messages.ts';
import type { Localized } from './localized.ts';
import { MY_TICKETS_MESSAGES } from './my-tickets-messages.ts';
import { PRIVACY_MESSAGES } from './privacy-messages.ts';
import { PUBLIC_SITE_MESSAGES } from './public-site-messages.ts';
import { RESILIENCE_MESSAGES } from './resilience-messages.ts';
import { SECURITY_MESSAGES } from './security-messages.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';
import { TICKET_CHANGES_MESSAGES } from './ticket-changes-messages.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';
import { CANCELLATION_MESSAGES } from './cancellation-messages.ts';
import { REFUND_SCREEN_MESSAGES } from './refund-screen-messages.ts';
import { REPORT_MESSAGES } from '../reports/messages.ts';

import type { Lang } from './lang.ts';

export { DEFAULT_LANG, LANGS, parseLang, type Lang } from './lang.ts';

export type { Localized } from './localized.ts';

export const MESSAGES = {
  ...PUBLIC_SITE_MESSAGES,
  ...BOOKING_MESSAGES,
  ...BOOKING_OUTCOME_MESSAGES,
  ...STAFF_MESSAGES,
  ...FAILED_BOOKINGS_MESSAGES,
  ...MY_TICKETS_MESSAGES,
  ...TICKET_CHANGES_MESSAGES,
  ...CANCELLATION_MESSAGES,
  ...API_MESSAGES,
  ...SECURITY_MESSAGES,
  ...RESILIENCE_MESSAGES,
  ...PRIVACY_MESSAGES,
  ...CHECKIN_MESSAGES,
  ...VALIDATION_MESSAGES,
  ...REFUND_SCREEN_MESSAGES,
  ...REPORT_MESSAGES,
  // accounts
  passwordTooShort: {
    it: 'La password deve avere almeno 8 caratteri',
    en: 'The password must be at least 8 characters long',
  },
  passwordTooWeak: {
    it: 'La password deve contenere lettere e numeri',
    en: 'The password must contain letters and numbers',
  },
  passwordMismatch: { it: 'Le password non coincidono', en: 'The passwords do not match' },
  currentPasswordRequired: {
    it: 'Inserisci la password attuale per cambiarla',
    en: 'Enter your current password to change it',
  },
  currentPasswordWrong: { it: 'La password attuale non è corretta', en: 'The current password is wrong' },
  emailTaken: {
    it: 'Esiste già un account con questa email',
    en: 'An account with this email already exists',
  },
  genderInvalid: { it: 'Indicare M o F', en: 'Choose M or F' },
  birthdateFuture: { it: 'La data di nascita non può essere futura', en: 'The birth date cannot be in the future' },
  accountMinAge: {
    it: 'Per registrarsi bisogna avere almeno 18 anni',
    en: 'You must be at least 18 years old to sign up',
  },
  birthdateTooOld: { it: 'Data di nascita non valida', en: 'Birth date not valid' },
  vatInvalid: { it: 'Partita IVA non valida', en: 'VAT number not valid' },
  phoneInvalid: { it: 'Numero di telefono non valido', en: 'Telephone number not valid' },
  countryInvalid: { it: 'Paese non valido', en: 'Country not valid' },
  documentTypeInvalid: { it: 'Tipo di documento non valido', en: 'Document type not valid' },
  loginFailed: { it: 'Email o password errate', en: 'Wrong email or password' },
  loginSuccess: { it: 'Accesso effettuato', en: 'Logged in' },
  logoutSuccess: { it: 'Disconnessione effettuata', en: 'Logged out' },
  registered: {
    it: "Registrazione completata: controlla la tua email (anche nella cartella spam) per confermare l'indirizzo.",
    en: 'Sign-up complete: check your email (the spam folder too) to confirm your address.',
  },
  registeredAgency: {
    it: "L'account agenzia sarà sbloccato solo dopo la conferma dell'amministratore.",
    en: 'The agency account is unlocked only after the administrator confirms it.',
  },
  emailSent: { it: 'Email inviata!', en: 'Email sent!' },
  emailVerified: { it: 'Indirizzo email confermato', en: 'Email address confirmed' },
  verifyLinkInvalid: {
    it: 'Il link di conferma non è valido o è scaduto: richiedine uno nuovo.',
    en: 'The confirmation link is not valid or has expired: request a new one.',
  },
  resetLinkSent: {
    it: 'Reset link inviato. Controlla la tua casella email.',
    en: 'Reset link sent. Check your inbox.',
  },
  noUserForEmail: {
    it: 'Nessun utente è associato alla mail indicata',
    en: 'No user is associated with this email',
  },
  resetTokenInvalid: {
    it: 'Il link per reimpostare la password non è valido o è scaduto',
    en: 'The password reset link is not valid or has expired',
  },
  passwordResetDone: {
    it: 'La password è stata reimpostata: ora puoi accedere.',
    en: 'Your password has been reset: you can now log in.',
  },
  dataUpdated: { it: 'Dati aggiornati', en: 'Data updated' },
  agencyAuthorised: { it: 'Agenzia autorizzata', en: 'Agency authorised' },
  testLoginFailed: { it: 'autenticazione fallita!', en: 'autenticazione fallita!' },
  // HTTP-level
  tooManyRequests: {
    it: 'Troppi tentativi: riprova tra qualche minuto.',
    en: 'Too many attempts: try again in a few minutes.',
  },
  unauthenticated: { it: 'Accesso richiesto', en: 'Please log in' },
  notFound: { it: 'Non trovato', en: 'Not found' },
  csrfMismatch: {
    it: 'Sessione scaduta: ricarica la pagina e riprova.',
    en: 'Session expired: reload the page and try again.',
  },
  serverError: { it: 'Errore di sistema', en: 'System error' },
} as const satisfies Record<string, Localized>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

/** Translate a message key; unknown strings pass through (e.g. a library's own message). */
export function t(key: string, lang: Lang): string {
  return isMessageKey(key) ? MESSAGES[key][lang] : key;
}

export function localized(key: MessageKey): Localized {
  return MESSAGES[key];
}
