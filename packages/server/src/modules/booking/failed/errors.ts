import { type Issue, type Lang, localizedWith, type MessageKey } from '@heliline/domain';
import { AppError } from '../../../http/errors.ts';

/**
 * A 409 whose message names the row and who has it ('Booking K7MPQ4X2 in use by anna@…'):
 * the closed code `conflict`, a message with placeholders filled in both languages.
 */
export class HandlingConflict extends AppError {
  constructor(
    messageKey: MessageKey,
    readonly params: Issue['params'],
  ) {
    super('conflict', messageKey);
  }

  override body(lang: Lang) {
    const messages = localizedWith(this.messageKey, this.params);
    return { message: messages[lang], messages, message_it: messages.it, message_en: messages.en };
  }
}
