import { ZUser } from '@heliline/domain';
import { z } from 'zod';

/** Answer shapes of the accounts area, for response serialisation and the OpenAPI document. */

// The account answers live in the domain (the web reads their types).
export { ZLoginAnswer, ZRegistered, ZWebLoginAnswer } from '@heliline/domain';

export const ZV1LoginAnswer = z.object({ success: z.object({ token: z.string() }), user: ZUser });

export const ZVerifyParams = z.object({ id: z.string(), hash: z.string() });
export const ZVerifyQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });
