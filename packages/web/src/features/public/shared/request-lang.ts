import type { Lang } from '@heliline/domain/i18n/messages';
import { langFromPath } from '../../../lib/paths.ts';

/** A public page's language from a loader's request URL (/en/… → en). */
export function requestLang(request: Request): Lang {
  return langFromPath(new URL(request.url).pathname) ?? 'it';
}
