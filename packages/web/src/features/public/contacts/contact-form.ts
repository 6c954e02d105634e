import { MESSAGES, type Lang } from '@heliline/domain/i18n/messages';

/** The contact request form of spec §3: all six fields mandatory. */
export const CONTACT_FIELDS = ['firstname', 'lastname', 'email', 'telephone', 'request_type', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type RequestType = 'voli' | 'contatto';
export type ContactForm = Record<Exclude<ContactField, 'request_type'>, string> & { request_type: RequestType | '' };

export const EMPTY_FORM: ContactForm = { firstname: '', lastname: '', email: '', telephone: '', request_type: '', message: '' };

/**
 * "A standard address pattern" (spec §5): the same pattern as the server's contacts schema
 * (packages/server/src/modules/contacts/schemas.ts EMAIL_PATTERN), so both refuse the same input.
 */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

export interface ContactCheck {
  /** The warning of spec §5/§8 (AllFieldsMandatory first, then EmailInvalid), or null when valid. */
  warning: string | null;
  /** Per-field texts shown next to the fields. */
  errors: Partial<Record<ContactField, string>>;
}

/** Client-side check before the captcha runs (the server checks the same rules again). */
export function checkContactForm(form: ContactForm, lang: Lang): ContactCheck {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const f of CONTACT_FIELDS) if (!form[f].trim()) errors[f] = MESSAGES.required[lang];
  if (Object.keys(errors).length > 0) return { warning: MESSAGES.allFieldsMandatory[lang], errors };
  if (!EMAIL_PATTERN.test(form.email.trim())) return { warning: MESSAGES.emailInvalid[lang], errors: { email: MESSAGES.emailInvalid[lang] } };
  return { warning: null, errors };
}
