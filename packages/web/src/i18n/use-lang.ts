import type { Lang } from '@heliline/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setLang } from './index.ts';

/** The UI language and a setter that also stores it. */
export function useLang(): [Lang, (lang: Lang) => void] {
  const { i18n } = useTranslation();
  return [i18n.language === 'en' ? 'en' : 'it', setLang];
}

/** Pages that exist in one language only (/come-raggiungerci, /directions, /home-preview…). */
export function useForcedLang(lang: Lang): void {
  useEffect(() => setLang(lang), [lang]);
}
