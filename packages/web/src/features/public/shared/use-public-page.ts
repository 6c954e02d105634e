import type { Lang } from '@heliline/domain/i18n/messages';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedPath, usePageLang } from '../../../lib/paths.ts';

export interface PublicPage {
  /** Translations fixed to the page's language (the URL's), so prerendered /en pages are English. */
  t: TFunction;
  lang: Lang;
  /** A public path in the page's language: lp('/fares') → '/en/fares' on an English page. */
  lp: (path: string) => string;
}

/** The language, translations and link helper of a public page. */
export function usePublicPage(): PublicPage {
  const lang = usePageLang();
  const { i18n } = useTranslation();
  return useMemo(() => ({ t: i18n.getFixedT(lang), lang, lp: (path: string) => localizedPath(path, lang) }), [i18n, lang]);
}
