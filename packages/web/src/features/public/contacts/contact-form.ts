import type { Lang } from '@heliline/domain/i18n/lang';
import { CONTACT_MESSAGES } from './contact-messages.ts';
import { type ContactField, checkContactFields, type RequestType } from '@heliline/domain/public-site/contact';

export type { ContactField } from '@heliline/domain/public-site/contact';
/** POST /api/contact-requests answer (domain schema; type only, no zod on the page). */
export type { TContactAnswer as ContactAnswer } from '@heliline/domain/public-site/wire';
export type ContactForm = Record<Exclude<ContactField, 'request_type'>, string> & { request_type: RequestType | '' };

export const EMPTY_FORM: ContactForm = { firstname: '', lastname: '', email: '', telephone: '', request_type: '', message: '' };

export interface ContactCheck {
  /** The warning of spec §5/§8 (AllFieldsMandatory first, then EmailInvalid), or null when valid. */
  warning: string | null;
  /** Per-field texts shown next to the fields. */
  errors: Partial<Record<ContactField, string>>;
}

/** Client-side check before the captcha runs: the domain's rules, which the server runs again. */
export function checkContactForm(form: ContactForm, lang: Lang): ContactCheck {
  const { warning, fields } = checkContactFields(form);
  if (!warning) return { warning: null, errors: {} };
  // An empty field reads "required" next to it; the banner carries AllFieldsMandatory.
  const fieldText = warning === 'allFieldsMandatory' ? CONTACT_MESSAGES.required[lang] : CONTACT_MESSAGES[warning][lang];
  return { warning: CONTACT_MESSAGES[warning][lang], errors: Object.fromEntries(fields.map((f) => [f, fieldText])) };
}
