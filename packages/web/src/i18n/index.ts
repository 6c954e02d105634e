import { type Lang, parseLang } from '@heliline/domain/i18n/lang';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isHomePath, langFromPath, trimSlash } from '../lib/paths.ts';
import type accountsEn from './accounts.en.json';
import type accountsIt from './accounts.it.json';
import type enCore from './en.json';
import type itCore from './it.json';
import type siteEn from './site.en.json';
import type staffEn from './staff.en.json';
import type staffIt from './staff.it.json';
import type ticketsEn from './tickets.en.json';
import type ticketsIt from './tickets.it.json';
import type siteIt from './site.it.json';
import type wizardEn from './wizard.en.json';
import type wizardIt from './wizard.it.json';

/*
 * One file pair per area: core (shell, home, page titles) in it.json/en.json, the account and
 * agency screens in accounts.*.json (keys at the top level, like core), the public site in
 * site.*.json (mounted under `site.`), the booking wizard in wizard.*.json (under `wizard.`),
 * the staff booking tools in staff.*.json (under `staff.`), my tickets in tickets.*.json (under `tickets.`).
 * Each file is its own chunk, loaded only for the language and areas a page needs (decision 007):
 * a public page downloads core + site of its language, never the wizard nor the other language.
 */
export type Dictionary = typeof itCore & typeof accountsIt & { site: typeof siteIt; wizard: typeof wizardIt; staff: typeof staffIt; tickets: typeof ticketsIt };
type EnDictionary = typeof enCore & typeof accountsEn & { site: typeof siteEn; wizard: typeof wizardEn; staff: typeof staffEn; tickets: typeof ticketsEn };
// Both languages must have the same keys: each is checked against the other's shape.
type Fits<T extends U, U> = [T, U];
export type LanguagesMatch = [Fits<EnDictionary, Dictionary>, Fits<Dictionary, EnDictionary>];

export type Area = 'core' | 'accounts' | 'site' | 'wizard' | 'staff' | 'tickets';
export const ALL_AREAS: readonly Area[] = ['core', 'accounts', 'site', 'wizard', 'staff', 'tickets'];
/** Areas whose keys sit at the top level (the others are mounted under their name). */
const TOP_LEVEL: readonly Area[] = ['core', 'accounts'];

type Json = { default: Record<string, unknown> };
/** Each dictionary file its own chunk: `it.json`/`en.json` for core, `<area>.<lang>.json` for the others. */
const FILES = import.meta.glob<Json>('./*.json');
const fileOf = (lang: Lang, area: Area) => FILES[area === 'core' ? `./${lang}.json` : `./${area}.${lang}.json`]!;

const LANG_STORAGE_KEY = 'lang';
const DEFAULT_LANG: Lang = 'it';

void i18n.use(initReactI18next).init({
  resources: {},
  lng: DEFAULT_LANG,
  fallbackLng: false,
  // Keys are dotted paths only: a text used as a key (a server's message) may contain a colon.
  nsSeparator: false,
  supportedLngs: ['it', 'en'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // React re-renders when a dictionary arrives for the language on screen.
  react: { bindI18nStore: 'added' },
});

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

const combined = new Map<string, Promise<void>>();

/** Loads (once) the dictionaries of `areas` in `lang`; resolves when i18n can translate them. Same arguments, same promise. */
export function loadDictionaries(lang: Lang, areas: readonly Area[] = ALL_AREAS): Promise<void> {
  const id = `${lang}:${areas.join(',')}`;
  let all = combined.get(id);
  if (!all) {
    all = loadAreas(lang, areas);
    combined.set(id, all);
    // A failed load (offline) is forgotten, so the next call tries again.
    all.catch(() => combined.delete(id));
  }
  return all;
}

function loadAreas(lang: Lang, areas: readonly Area[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      const key = `${lang}:${area}`;
      let p = loading.get(key);
      if (!p) {
        p = fileOf(lang, area)().then((m) => {
          i18n.addResourceBundle(lang, 'translation', TOP_LEVEL.includes(area) ? m.default : { [area]: m.default }, true, true);
          loaded.add(key);
        });
        p.catch(() => loading.delete(key));
        loading.set(key, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

/** Whether `loadDictionaries(lang, areas)` has already finished (so rendering need not wait). */
export function hasDictionaries(lang: Lang, areas: readonly Area[]): boolean {
  return areas.every((area) => loaded.has(`${lang}:${area}`));
}

/**
 * The areas a path needs: home only core, the other public pages core + site, the account,
 * booking and ticket screens their own (decision 023), any other screen (staff) all of them.
 * A client navigation to another area loads its dictionaries before rendering (root.tsx).
 */
export function areasFor(pathname: string): readonly Area[] {
  if (langFromPath(pathname) === null) return APP_SCREENS.find(([re]) => re.test(trimSlash(pathname)))?.[1] ?? ALL_AREAS;
  return isHomePath(pathname) ? CORE : CORE_SITE;
}
const CORE: readonly Area[] = ['core'];
const CORE_SITE: readonly Area[] = ['core', 'site'];
/** App screens by path; the first match wins. */
const APP_SCREENS: readonly (readonly [RegExp, readonly Area[]])[] = [
  [/^\/(sign-up|login(\/[^/]+)?|pending|logout|password\/reset(\/[^/]+)?|account)$/, ['core', 'accounts']],
  // Booking and ticket screens name no account keys (areas.test.ts checks each key they name).
  [/^\/(booking|booking-status\/[^/]+)$/, ['core', 'wizard']],
  [/^\/my-tickets$/, ['core', 'tickets']],
];

/** Loads what a first render needs and switches to `lang` (entry.client before hydrating, entry.server before rendering). */
export async function prepareI18n(lang: Lang, areas: readonly Area[]): Promise<void> {
  await loadDictionaries(lang, areas);
  await i18n.changeLanguage(lang);
}

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

/** Remembers the visitor's choice (localStorage `lang`). */
export function storeLang(lang: Lang): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode or storage disabled: the choice lasts for this page only
  }
}

/** Shows the UI in `lang` (once its dictionaries are in) without remembering it: public URLs impose their language. */
export async function showLang(lang: Lang): Promise<void> {
  await loadDictionaries(lang, [...new Set<Area>(['core', ...loadedAreas()])]);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Switches the UI language in place and remembers it (screens with one path: accounts, booking). */
export function setLang(lang: Lang): void {
  storeLang(lang);
  void showLang(lang);
}

/** The areas loaded in any language: a language switch brings the same ones in the other language. */
function loadedAreas(): Area[] {
  return ALL_AREAS.filter((area) => [...loading.keys()].some((k) => k.endsWith(`:${area}`)));
}

export default i18n;
