import { type Issue, type Lang, localizedWith } from '@heliline/domain';
import { AppError, type ErrorCode } from '../../../http/errors.ts';

/** A refusal whose message names values ({until}, {email} …): both languages filled in. */
export class MessageWithParamsError extends AppError {
  constructor(
    code: ErrorCode,
    private readonly issue: Issue,
  ) {
    super(code, issue.key);
  }

  override body(lang: Lang) {
    const messages = localizedWith(this.issue.key, this.issue.params);
    return { message: messages[lang], messages, message_it: messages.it, message_en: messages.en };
  }
}

export const notFound = () => new AppError('notFound', 'notFound');
