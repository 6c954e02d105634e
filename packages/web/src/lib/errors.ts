import type { Lang } from '@heliline/domain';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError, messageOf } from '../api/client.ts';

/** A user-readable text for any failure of an API call. */
export function errorText(error: unknown, t: TFunction, lang: Lang): string {
  if (error instanceof NetworkError) return t('errors.network');
  if (error instanceof ApiError) return messageOf(error.body, lang) ?? t('errors.generic');
  return t('errors.generic');
}
