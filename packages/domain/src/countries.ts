import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import type { Lang } from './i18n/messages.ts';

countries.registerLocale(it);
countries.registerLocale(en);

export interface Country {
  code: string;
  name: string;
}

export const DEFAULT_COUNTRY_CODE = 'IT';

/** ISO 3166-1 list for a select, sorted by name in the given language. */
export function countryList(lang: Lang): Country[] {
  const names = countries.getNames(lang, { select: 'official' });
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** The sign-up payload carries the country *name* (spec); accept it in either language, or a code. */
export function countryCode(nameOrCode: string): string | undefined {
  const value = nameOrCode.trim();
  if (value.length === 2 && countries.isValid(value.toUpperCase())) return value.toUpperCase();
  return countries.getAlpha2Code(value, 'it') ?? countries.getAlpha2Code(value, 'en');
}

export function countryName(code: string, lang: Lang): string {
  return countries.getName(code, lang, { select: 'official' }) ?? code;
}
