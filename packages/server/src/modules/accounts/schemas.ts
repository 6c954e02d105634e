import { ZUser } from '@heliline/domain';
import { z } from 'zod';
import { ZMessageBody } from '../../http/schemas.ts';

/** Answer shapes of the account screen and the test panel's account calls. */

export const ZUserAnswer = z.object({ user: ZUser });
export const ZUserUpdated = ZMessageBody.extend({ user: ZUser });
export const ZV1Details = z.object({ success: ZUser });
