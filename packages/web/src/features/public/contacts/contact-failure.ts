import type { Lang } from '@heliline/domain/i18n/lang';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client.ts';
import { errorText } from '../../../lib/errors.ts';
import type { ContactField } from './contact-form.ts';
import { CONTACT_MESSAGES } from './contact-messages.ts';

export interface ContactFailure {
  kind: 'warning' | 'error';
  text: string;
  /** Texts to show next to the fields the server named. */
  errors: Partial<Record<ContactField, string>>;
  /** The server refused the captcha (logged, spec §8). */
  captcha: boolean;
}

/** Spec §8: a captcha failure shows 'reCaptcha error...'; the server's reason may follow. */
export function captchaErrorText(lang: Lang, reason?: string): string {
  const line = CONTACT_MESSAGES.captchaErrorWeb[lang];
  return reason ? `${line} ${reason}` : line;
}

/**
 * How a failed POST /api/contact-requests reads (spec §5, §8): a refused captcha is an error
 * with the 'reCaptcha error...' line; the server's own field checks (AllFieldsMandatory,
 * EmailInvalid: a 422 without a captcha error) are warnings, like the same checks in the
 * browser; anything else is an error with the server's message or the generic text.
 */
export function contactFailure(err: unknown, lang: Lang, t: TFunction): ContactFailure {
  if (!(err instanceof ApiError)) return { kind: 'error', text: errorText(err, t, lang), errors: {}, captcha: false };
  const { captcha: captchaErrors, ...fieldErrors } = err.fieldErrors;
  const errors = fieldErrors as Partial<Record<ContactField, string>>;
  if (captchaErrors !== undefined) return { kind: 'error', text: captchaErrorText(lang, captchaErrors), errors, captcha: true };
  const kind = err.status === 422 ? 'warning' : 'error';
  return { kind, text: errorText(err, t, lang), errors, captcha: false };
}
