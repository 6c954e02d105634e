/**
 * The contact request form (spec accounts §3, §5): six fields, all mandatory
 * (AllFieldsMandatory), the e-mail with a standard address pattern (EmailInvalid), request_type
 * voli (flight assistance) or contatto (company). The web form and the server check the same
 * rules; no zod here, so the public contacts page stays light.
 */
export const CONTACT_FIELDS = ['firstname', 'lastname', 'email', 'telephone', 'request_type', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const REQUEST_TYPES = ['voli', 'contatto'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

interface ContactFieldsCheck {
  /** allFieldsMandatory first, then emailInvalid; null when the form may be sent. */
  warning: 'allFieldsMandatory' | 'emailInvalid' | null;
  /** The fields to mark next to the input. */
  fields: ContactField[];
}

export function checkContactFields(form: Partial<Record<ContactField, string>>): ContactFieldsCheck {
  const missing = CONTACT_FIELDS.filter((f) => !form[f]?.trim());
  if (missing.length > 0) return { warning: 'allFieldsMandatory', fields: missing };
  if (!CONTACT_EMAIL_PATTERN.test(form.email!.trim())) return { warning: 'emailInvalid', fields: ['email'] };
  return { warning: null, fields: [] };
}
