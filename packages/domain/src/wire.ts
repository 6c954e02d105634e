import { z } from 'zod';

/**
 * The bodies every API answer shares: the server serialises with these schemas, the web app
 * imports their types only (`import type`), so both sides read one definition.
 */

export const ZLocalized = z.object({ it: z.string(), en: z.string() });

/** `{ message (request language), messages: { it, en }, message_it, message_en }` */
export const ZMessageBody = z.object({
  message: z.string(),
  messages: ZLocalized,
  message_it: z.string(),
  message_en: z.string(),
});
export type TMessageBody = z.infer<typeof ZMessageBody>;

/** Field -> texts, already translated into the request's language (422 answers). */
export const ZFieldErrors = z.record(z.string(), z.array(z.string()));

/**
 * Any error answer: a message body, field errors on a 422, Fastify's own detail on its client
 * errors. Every part is optional to the reader: a proxy or a crash may answer something else.
 */
export const ZErrorBody = ZMessageBody.partial().extend({
  errors: ZFieldErrors.optional(),
  detail: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
