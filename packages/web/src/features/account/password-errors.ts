import { MESSAGES } from '@heliline/domain/i18n/messages';
import type { Lang } from '@heliline/domain/i18n/messages';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError, messageOf } from '../../api/client.ts';

/**
 * Spec §5/§8 for the password screens: the first e-mail error, else the first password error,
 * else 'Nessun utente è associato alla mail indicata'. Throttling and network failures say so.
 */
export function passwordErrorText(source: unknown, t: TFunction, lang: Lang): string {
  if (source instanceof NetworkError) return t('errors.network');
  const errors = source instanceof ApiError ? source.body.errors : (source as { errors?: Record<string, string[]> } | null)?.errors;
  const first = errors?.email?.[0] ?? errors?.password?.[0];
  if (first) return first;
  if (source instanceof ApiError && (source.status === 429 || source.status === 419 || source.status >= 500)) {
    return messageOf(source.body, lang) ?? t('errors.generic');
  }
  return MESSAGES.noUserForEmail[lang];
}
