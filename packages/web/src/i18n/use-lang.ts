import { type Lang, parseLang } from '@heliline/domain/i18n/lang';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setLang } from './index.ts';

/** The UI language and a setter that also stores it. */
export function useLang(): [Lang, (lang: Lang) => void] {
  const { i18n } = useTranslation();
  return [parseLang(i18n.language), setLang];
}

/** Pages that exist in one language only (/come-raggiungerci, /directions, /home-preview…). */
export function useForcedLang(lang: Lang): void {
  useEffect(() => setLang(lang), [lang]);
}
