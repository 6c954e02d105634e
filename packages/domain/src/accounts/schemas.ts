import '../i18n/zod-errors.ts';
import { z } from 'zod';
import { countryCode, DEFAULT_COUNTRY_CODE } from '../countries.ts';
import { ageOn, parseWireDate, romeToday } from '../dates.ts';
import { TEXT_MAX_LENGTH } from '../email.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { isPrintableName } from '../text/printable.ts';
import { ZFieldErrors, ZMessageBody } from '../wire.ts';

/**
 * Account payloads. Issue messages are MessageKeys: the server translates them into the
 * request's language, the web app into the UI language.
 */
const msg = (key: MessageKey) => ({ message: key });

const PASSWORD_MIN_LENGTH = 8;
const TEXT_MAX = TEXT_MAX_LENGTH;
const ACCOUNT_MIN_AGE = 18;
const MAX_AGE = 100;

const text = () => z.string(msg('required')).trim().max(TEXT_MAX, msg('tooLong'));
const requiredText = () => text().min(1, msg('required'));

export const ZEmail = z
  .string(msg('required'))
  .trim()
  .min(1, msg('required'))
  .max(TEXT_MAX, msg('tooLong'))
  .pipe(z.email(msg('emailInvalid')))
  .transform((e) => e.toLowerCase());

export const ZNewPassword = z
  .string(msg('required'))
  .min(PASSWORD_MIN_LENGTH, msg('passwordTooShort'))
  .max(TEXT_MAX, msg('tooLong'))
  // Letters of any script count (a Greek or Cyrillic password is letters and numbers too).
  .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), msg('passwordTooWeak'));

const ZGender = z.enum(['M', 'F'], msg('genderInvalid'));
export type TGender = z.infer<typeof ZGender>;

export const ZTelephone = requiredText().refine((v) => /^\+?[0-9 ()./-]{6,20}$/.test(v) && v.replace(/\D/g, '').length >= 6, msg('phoneInvalid'));

/** Agencies put their VAT number where users put their first name (spec). */
const VAT_PATTERN = /^([A-Z]{2})?[0-9A-Z]{8,13}$/;

const ACCOUNT_TYPES = ['user', 'agency'] as const;

/** Birth date for an account holder, DD/MM/YYYY; returns ISO. */
export function checkAccountBirthdate(value: string, today = romeToday()): MessageKey | null {
  const iso = parseWireDate(value);
  if (!iso) return 'dateInvalid';
  if (iso > today) return 'birthdateFuture';
  const age = ageOn(iso, today);
  if (age > MAX_AGE) return 'birthdateTooOld';
  if (age < ACCOUNT_MIN_AGE) return 'accountMinAge';
  return null;
}

export const ZSignup = z
  .object({
    type: z.enum(ACCOUNT_TYPES, msg('invalidValue')),
    email: ZEmail,
    password: ZNewPassword,
    password_confirmation: z.string(msg('required')),
    lastname: requiredText().refine(isPrintableName, msg('lastnameNotPrintable')),
    firstname: requiredText().refine(isPrintableName, msg('firstnameNotPrintable')),
    gender: z.string().optional().nullable(),
    birthdate: z.string().optional().nullable(),
    address: requiredText(),
    city: requiredText(),
    province: text().optional().nullable(),
    country: requiredText(),
    zipcode: requiredText().refine((v) => /^[0-9A-Za-z -]{3,10}$/.test(v), msg('invalidValue')),
    telephone: ZTelephone,
    document_type: z.coerce.number().int().nonnegative().optional().nullable(),
    document_num: text().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: MessageKey) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.password !== v.password_confirmation) issue('password_confirmation', 'passwordMismatch');
    const code = countryCode(v.country);
    if (!code) issue('country', 'countryInvalid');
    if (code === DEFAULT_COUNTRY_CODE && !v.province?.trim()) issue('province', 'required');
    if (v.type === 'agency') {
      if (!VAT_PATTERN.test(v.firstname.replace(/\s/g, '').toUpperCase())) issue('firstname', 'vatInvalid');
      return;
    }
    if (!v.gender) issue('gender', 'required');
    else if (v.gender !== 'M' && v.gender !== 'F') issue('gender', 'genderInvalid');
    if (!v.birthdate) issue('birthdate', 'required');
    else {
      const problem = checkAccountBirthdate(v.birthdate);
      if (problem) issue('birthdate', problem);
    }
    if (!v.document_type) issue('document_type', 'required');
    if (!v.document_num?.trim()) issue('document_num', 'required');
  })
  .transform((v) => {
    // Agencies have no gender, birth date or document (spec): drop whatever was sent.
    const agency = v.type === 'agency';
    return {
      ...v,
      firstname: agency ? v.firstname.replace(/\s/g, '').toUpperCase() : v.firstname,
      countryCode: countryCode(v.country) ?? DEFAULT_COUNTRY_CODE,
      province: v.province?.trim() || null,
      gender: agency ? null : (v.gender as TGender),
      birthdate: agency ? null : parseWireDate(v.birthdate ?? ''),
      document_type: agency ? null : (v.document_type ?? null),
      document_num: agency ? null : (v.document_num?.trim() ?? null),
    };
  });
export type TSignupInput = z.input<typeof ZSignup>;
export type TSignup = z.output<typeof ZSignup>;

/** The login screen checks the same with `loginIssues` (login-rules.ts), without zod. */
export const ZLogin = z.object({
  email: ZEmail,
  password: z.string(msg('required')).min(1, msg('required')).max(TEXT_MAX, msg('tooLong')),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZEmailOnly = z.object({ email: ZEmail });

export const ZPasswordReset = z
  .object({
    token: z.string(msg('required')).min(1, msg('required')).max(TEXT_MAX, msg('tooLong')),
    email: ZEmail,
    password: ZNewPassword,
    password_confirmation: z.string(msg('required')),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'passwordMismatch',
  });
export type TPasswordReset = z.infer<typeof ZPasswordReset>;

/**
 * Account screen. Identity fields (email, names, gender, birth date) are read-only and
 * ignored if sent; a new password needs the current one.
 */
export const ZAccountUpdate = z
  .object({
    id: z.number().int().positive().optional(),
    email: z.string().optional(),
    current_password: z.string().max(TEXT_MAX, msg('tooLong')).optional().nullable(),
    password: z.string().max(TEXT_MAX, msg('tooLong')).optional().nullable(),
    password_confirmation: z.string().optional().nullable(),
    address: requiredText(),
    telephone: ZTelephone,
    document_type: z.coerce.number().int().nonnegative().optional().nullable(),
    document_num: text().optional().nullable(),
  })
  .passthrough()
  .superRefine((v, ctx) => {
    const issue = (path: string, message: MessageKey) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.password) {
      const strength = ZNewPassword.safeParse(v.password);
      if (!strength.success) issue('password', strength.error.issues[0]!.message as MessageKey);
      if (v.password !== v.password_confirmation) issue('password_confirmation', 'passwordMismatch');
      if (!v.current_password) issue('current_password', 'currentPasswordRequired');
    }
  });
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;

/**
 * Account-screen rules that depend on the kind of account: a private user keeps an identity
 * document (it cannot be cleared); an agency has none, so its document fields are ignored.
 */
export function accountUpdateErrors(input: Pick<TAccountUpdate, 'document_type' | 'document_num'>, account: { agency: boolean }): Record<string, MessageKey[]> {
  if (account.agency) return {};
  const errors: Record<string, MessageKey[]> = {};
  if (input.document_type !== undefined && !input.document_type) errors.document_type = ['required'];
  if (input.document_num !== undefined && !input.document_num?.trim()) errors.document_num = ['required'];
  return errors;
}
export type TAccountUpdateInput = z.input<typeof ZAccountUpdate>;

/** The passenger profile of an account, as the API returns it. */
const ZPax = z.object({
  /** The profile's passenger id: the wizard sends the account holder's passenger with it (spec §5 Other). */
  id: z.number().int(),
  lastname: z.string(),
  firstname: z.string(),
  gender: ZGender.nullable(),
  birthdate: z.string().nullable(), // DD/MM/YYYY
  address: z.string(),
  city: z.string(),
  province: z.string().nullable(),
  country: z.string(), // name in the request's language
  country_code: z.string(),
  zipcode: z.string(),
  telephone: z.string(),
  document_type: z.number().nullable(),
  document_num: z.string().nullable(),
});
export type TPax = z.infer<typeof ZPax>;

export const ZUser = z.object({
  id: z.number(),
  email: z.string(),
  verified: z.boolean(),
  is_agency: z.boolean(),
  is_agency_auth: z.boolean(),
  roles: z.array(z.string()),
  telephone: z.string().nullable(),
  pax: ZPax.nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZDocumentType = z.object({ id: z.number(), text: z.string() });

export const AGENCY_STATUS_FILTERS = ['pending', 'all'] as const;
export type TAgencyStatusFilter = (typeof AGENCY_STATUS_FILTERS)[number];

/** An agency as the Admin's authorisation screen lists it. */
export const ZAgencySummary = z.object({
  id: z.number(),
  email: z.string(),
  company_name: z.string(),
  vat: z.string(),
  telephone: z.string().nullable(),
  city: z.string().nullable(),
  verified: z.boolean(),
  is_agency_auth: z.boolean(),
  created_at: z.string(),
});
export type TAgencySummary = z.infer<typeof ZAgencySummary>;
export type TDocumentType = z.infer<typeof ZDocumentType>;

export { needsPending } from './entry-rules.ts';

// ---- answers of the account calls (spec §7); the server serialises with them ----------------

const ZUserWithToken = ZUser.extend({ token: z.string() });
/** POST /api/auth/register (201). */
export const ZRegistered = ZMessageBody.extend({ agency: z.boolean() });
export type TRegistered = z.infer<typeof ZRegistered>;
/** POST /api/auth/login: the token is removed before the user is stored (spec §7). */
export const ZLoginAnswer = ZMessageBody.extend({ user: ZUserWithToken });
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;
export const ZWebLoginAnswer = ZMessageBody.extend({ user: ZUser });
export const ZUserAnswer = z.object({ user: ZUser });
export type TUserAnswer = z.infer<typeof ZUserAnswer>;
/** PUT /api/auth/user. */
export const ZUserUpdated = ZMessageBody.extend({ user: ZUser });
export type TUserUpdated = z.infer<typeof ZUserUpdated>;
/** POST /password/email and /password/reset: a 200 answer may still carry errors (spec §8). */
export const ZPasswordAnswer = ZMessageBody.extend({ errors: ZFieldErrors.optional() });
export type TPasswordAnswer = z.infer<typeof ZPasswordAnswer>;
/** GET /api/document-types. */
export const ZDocumentTypes = z.object({ document_types: z.array(ZDocumentType) });
export type TDocumentTypes = z.infer<typeof ZDocumentTypes>;
/** GET /api/admin/agencies and POST /api/admin/agencies/{id}/authorise. */
export const ZAgencyList = z.object({ agencies: z.array(ZAgencySummary) });
export type TAgencyList = z.infer<typeof ZAgencyList>;
export const ZAgencyAuthorised = ZMessageBody.extend({ agency: ZAgencySummary });
export type TAgencyAuthorised = z.infer<typeof ZAgencyAuthorised>;
