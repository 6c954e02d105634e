import { CONTACT_EMAIL_PATTERN, CONTACT_MESSAGE_MAX, LANGS, type MessageKey, REQUEST_TYPES } from '@heliline/domain';
import { z } from 'zod';

/**
 * The contacts form (spec §3, §5): six fields, all mandatory (AllFieldsMandatory), the e-mail
 * with a standard address pattern (EmailInvalid), request_type voli (flight assistance) or
 * contatto (company). The web form shows the same messages before sending.
 */

const msg = (key: MessageKey) => ({ message: key });
const field = (max = 255) =>
  z
    .string(msg('allFieldsMandatory'))
    .trim()
    .min(1, { ...msg('allFieldsMandatory'), abort: true })
    .max(max, { ...msg('tooLong'), abort: true });

export const ZContactForm = z.object({
  firstname: field(),
  lastname: field(),
  email: field().refine((v) => CONTACT_EMAIL_PATTERN.test(v), msg('emailInvalid')),
  // Only mandatory (spec §5): the web form checks the same, no stricter phone rule here.
  telephone: field(32),
  request_type: field().pipe(z.enum(REQUEST_TYPES, msg('contactRequestTypeInvalid'))),
  message: field(CONTACT_MESSAGE_MAX),
});
export type TContactForm = z.infer<typeof ZContactForm>;

/** The route accepts any shape and the service checks it, so a missing field answers AllFieldsMandatory. */
export const ZContactRequestBody = z.object({
  lang: z.enum(LANGS, { message: 'invalidValue' }).optional(),
  form: z.unknown().optional().describe('{ firstname, lastname, email, telephone, request_type: voli|contatto, message }'),
  captcha: z.unknown().optional().describe('the ALTCHA widget payload (base64 JSON)'),
});

export { ZContactAnswer } from '@heliline/domain';

/** altcha-lib's Challenge, field for field: the signature covers every parameter, so none may be dropped. */
export const ZChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
