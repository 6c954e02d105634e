import { type Issue, issuesByPath, type Lang, type Localized, localizedWith, type MessageKey, MESSAGES, t } from '@heliline/domain';

/** A line the error handler writes to the request log before answering (refusals worth a trace). */
export interface ErrorLogLine {
  level: 'warn' | 'error';
  msg: string;
  detail: Record<string, unknown>;
}

/**
 * Known failures with a closed set of codes. The error handler maps each to an HTTP status
 * and a message in both languages; anything else becomes a 500 with no detail.
 */
const ERROR_STATUS = {
  badRequest: 400,
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  csrf: 419,
  /** A service we depend on (the payment gateway) did not answer. */
  badGateway: 502,
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

  /** Set through `logged`: the handler logs it, the answer stays the typed one. */
  logLine?: ErrorLogLine;

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  logged(level: ErrorLogLine['level'], msg: string, detail: Record<string, unknown>): this {
    this.logLine = { level, msg, detail };
    return this;
  }

  /** The answer's body: the message in both languages, field errors (if any) in the request's language. */
  body(lang: Lang): Record<string, unknown> {
    const errors = Object.fromEntries(Object.entries(this.fieldErrors).map(([field, keys]) => [field, keys.map((k) => t(k, lang))]));
    return messageBody(this.messageKey, lang, Object.keys(errors).length ? { errors } : {});
  }
}

/**
 * A form that broke rules of the domain (422): the message is the first rule's text with its
 * placeholders filled; `errors` lists every rule by field path, in the request's language.
 */
export class IssuesError extends AppError {
  constructor(readonly issues: Issue[]) {
    super('validation', issues[0]?.key ?? 'invalidInput');
  }

  override body(lang: Lang) {
    return messageBody(this.issues[0] ?? 'invalidInput', lang, { errors: issuesByPath(this.issues, lang) });
  }
}

export const validationError = (field: string, key: MessageKey) => new AppError('validation', 'invalidInput', { [field]: [key] });

/**
 * The body of every answer that carries a text for the user, success or error: the message in
 * the request's language, both languages beside (spec: message_it / message_en), extra fields.
 * An Issue's params fill the message's placeholders.
 */
export function messageBody<T extends Record<string, unknown> = Record<never, never>>(message: MessageKey | Issue, lang: Lang, extra?: T) {
  const messages: Localized = typeof message === 'string' ? MESSAGES[message] : localizedWith(message.key, message.params);
  return { message: messages[lang], messages, message_it: messages.it, message_en: messages.en, ...(extra as T) };
}

/** A refusal whose message names values ('Booking {code} in use by {user}'): the placeholders filled in both languages. */
export class MessageWithParamsError extends AppError {
  constructor(
    code: ErrorCode,
    readonly issue: Issue,
  ) {
    super(code, issue.key);
  }

  override body(lang: Lang) {
    return messageBody(this.issue, lang);
  }
}
