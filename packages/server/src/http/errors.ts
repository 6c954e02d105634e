import { type Lang, type Localized, type MessageKey, MESSAGES } from '@heliline/domain';

/**
 * Known failures with a closed set of codes. The error handler maps each to an HTTP status
 * and a message in both languages; anything else becomes a 500 with no detail.
 */
export const ERROR_STATUS = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  csrf: 419,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    /** Field errors as message keys, for 422 answers. */
    readonly fieldErrors: Record<string, MessageKey[]> = {},
    /** For 429: seconds until the client may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(messageKey);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const validationError = (field: string, key: MessageKey) =>
  new AppError('validation', 'invalidInput', { [field]: [key] });

/**
 * The body of every answer that carries a text for the user, success or error: the message in
 * the request's language, both languages beside (spec: message_it / message_en), extra fields.
 */
export function messageBody<T extends Record<string, unknown> = Record<never, never>>(key: MessageKey, lang: Lang, extra?: T) {
  const messages: Localized = MESSAGES[key];
  return { message: messages[lang], messages, message_it: messages.it, message_en: messages.en, ...(extra as T) };
}

/** Error answers have the same shape. */
export const errorBody = messageBody;
