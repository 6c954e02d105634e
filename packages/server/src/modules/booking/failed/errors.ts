import type { Issue, MessageKey } from '@heliline/domain';
import { MessageWithParamsError } from '../../../http/errors.ts';

/** A 409 whose message names the row and who has it ('Booking K7MPQ4X2 in use by anna@…'). */
export class HandlingConflict extends MessageWithParamsError {
  constructor(key: MessageKey, params: Issue['params']) {
    super('conflict', { key, params });
  }
}
