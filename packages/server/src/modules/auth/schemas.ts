import { ZUser } from '@heliline/domain';
import { z } from 'zod';

/** Answer shapes of the accounts area, for response serialisation and the OpenAPI document. */

export const ZLocalized = z.object({ it: z.string(), en: z.string() });

/** `{ message (request language), messages: { it, en }, message_it, message_en }` */
export const ZMessageBody = z.object({
  message: z.string(),
  messages: ZLocalized,
  message_it: z.string(),
  message_en: z.string(),
});

export const ZUserWithToken = ZUser.extend({ token: z.string() });

export const ZRegistered = ZMessageBody.extend({ agency: z.boolean() });
export const ZLoginAnswer = ZMessageBody.extend({ user: ZUserWithToken });
export const ZWebLoginAnswer = ZMessageBody.extend({ user: ZUser });
export const ZUserAnswer = z.object({ user: ZUser });
export const ZUserUpdated = ZMessageBody.extend({ user: ZUser });

export const ZV1LoginAnswer = z.object({ success: z.object({ token: z.string() }), user: ZUser });
export const ZV1Details = z.object({ success: ZUser });

export const ZVerifyParams = z.object({ id: z.string(), hash: z.string() });
export const ZVerifyQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

type Security = Array<Record<string, string[]>>;
export const SECURITY_USER: Security = [{ session: [] }, { bearer: [] }];
export const SECURITY_BEARER: Security = [{ bearer: [] }];

