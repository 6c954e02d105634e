import type { Lang, MessageKey } from '@heliline/domain';
import { AppError, messageBody } from '../../http/errors.ts';

/**
 * Errors of send-single-ticket: its answers carry `status: 'error'` and `error` (the message)
 * beside the usual message fields, and, for a refused request, the message under the field.
 */
export class SingleTicketError extends AppError {
  constructor(
    code: 'validation' | 'badGateway',
    messageKey: MessageKey,
    private readonly field?: string,
  ) {
    super(code, messageKey);
  }

  override body(lang: Lang) {
    const body = messageBody(this.messageKey, lang);
    const errors = this.field ? { errors: { [this.field]: [body.message] } } : {};
    return { ...body, status: 'error' as const, error: body.message, ...errors };
  }
}

/** For `.catch` on a mail that could not be handed over: log the cause and answer `error` instead. */
export const mailFailed =
  (error: AppError, logMessage: string) =>
  (err: unknown): never => {
    throw error.logged('error', logMessage, { err });
  };
