import { z } from 'zod';

/** Wire shapes every module's answers share (serialisation and the OpenAPI document). */

export const ZLocalized = z.object({ it: z.string(), en: z.string() });

/** `{ message (request language), messages: { it, en }, message_it, message_en }` */
export const ZMessageBody = z.object({
  message: z.string(),
  messages: ZLocalized,
  message_it: z.string(),
  message_en: z.string(),
});

/** OpenAPI security requirements (the schemes are declared in app.ts). */
export type Security = Array<Record<string, string[]>>;
/** Session cookie or bearer token. */
export const SECURITY_USER: Security = [{ session: [] }, { bearer: [] }];
/** Bearer token only (the test panel's API). */
export const SECURITY_BEARER: Security = [{ bearer: [] }];
