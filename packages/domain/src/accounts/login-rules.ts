import { EMAIL_PATTERN, TEXT_MAX_LENGTH } from '../email.ts';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * The login form's checks without zod, for the login screen (decision 023: zod's schema classes
 * are a tenth of that screen's JavaScript). The server validates with `ZLogin` (schemas.ts),
 * built on the same pattern and limit; a property test holds the two to the same verdicts.
 */

/** An account e-mail as `ZEmail` judges it: trimmed, required, at most 255 characters, z.email()'s pattern. */
export function accountEmailIssue(value: string): MessageKey | null {
  const email = value.trim();
  if (!email) return 'required';
  if (email.length > TEXT_MAX_LENGTH) return 'tooLong';
  return EMAIL_PATTERN.test(email) ? null : 'emailInvalid';
}

/** The login form's errors by field (first issue of each), as `schemaErrors(ZLogin, values)` gives them. */
export function loginIssues(values: { email: string; password: string }): Partial<Record<'email' | 'password', MessageKey>> {
  const errors: Partial<Record<'email' | 'password', MessageKey>> = {};
  const email = accountEmailIssue(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'required';
  else if (values.password.length > TEXT_MAX_LENGTH) errors.password = 'tooLong';
  return errors;
}
