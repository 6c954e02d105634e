/**
 * The two languages, without the message tables: the web app's shell imports these on every
 * page, and the larger MESSAGES only where a screen shows one of them.
 */
export const LANGS = ['it', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'it';

export function parseLang(value: unknown): Lang {
  return value === 'en' ? 'en' : 'it';
}

/** Home in the language of a path: '/en' and '/en/…' → '/en', anything else → '/' (where unknown paths go, spec §2). */
export const homePathOf = (path: string): '/' | '/en' => (/^\/en(\/|$)/.test(path) ? '/en' : '/');
