import { type Lang, parseLang } from '@heliline/domain/i18n/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCore from './en.json';
import itCore from './it.json';
import siteEn from './site.en.json';
import siteIt from './site.it.json';
import wizardEn from './wizard.en.json';
import wizardIt from './wizard.it.json';

// One file pair per area (core shell and accounts; public site; booking wizard) so areas
// can be edited apart. Both languages must have the same keys: each is checked against the
// other's shape.
const it = { ...itCore, site: siteIt, wizard: wizardIt };
const en = { ...enCore, site: siteEn, wizard: wizardEn };
export type Dictionary = typeof it;
const enChecked: typeof it = en;
const itChecked: typeof en = it;

export const LANG_STORAGE_KEY = 'lang';
export const DEFAULT_LANG: Lang = 'it';

export const resources = {
  it: { translation: itChecked },
  en: { translation: enChecked },
} as const;

/**
 * Italian on first render everywhere (build-time rendering included); the stored choice is
 * applied on the client after hydration (see useLanguageSync), never at module evaluation.
 */
void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: ['it', 'en'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLang(): Lang {
  return parseLang(i18n.language);
}

export function readStoredLang(): Lang | null {
  try {
    const v = window.localStorage.getItem(LANG_STORAGE_KEY);
    return v === 'en' || v === 'it' ? v : null;
  } catch {
    return null;
  }
}

/** Switches the UI language, remembers it (localStorage `lang`) and sets <html lang>. */
export function setLang(lang: Lang): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode or storage disabled: the choice lasts for this page only
  }
  document.documentElement.lang = lang;
}

export default i18n;
