import { ZUser } from '@heliline/domain';
import { z } from 'zod';
import { ZMessageBody } from '../../http/schemas.ts';

/** Answer shapes of sign-up and login, for response serialisation and the OpenAPI document. */

export const ZUserWithToken = ZUser.extend({ token: z.string() });

export const ZRegistered = ZMessageBody.extend({ agency: z.boolean() });
export const ZLoginAnswer = ZMessageBody.extend({ user: ZUserWithToken });
export const ZWebLoginAnswer = ZMessageBody.extend({ user: ZUser });
export const ZV1LoginAnswer = z.object({ success: z.object({ token: z.string() }), user: ZUser });

export const ZVerifyParams = z.object({ id: z.string(), hash: z.string() });
export const ZVerifyQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });
