import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryCode, countryList, countryName, DEFAULT_COUNTRY_CODE } from './countries.ts';

describe('countries', () => {
  it('lists the ISO 3166-1 countries, sorted by name in each language', () => {
    for (const lang of ['it', 'en'] as const) {
      const list = countryList(lang);
      expect(list.length).toBeGreaterThanOrEqual(249);
      expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
      for (let i = 1; i < list.length; i++) expect(list[i - 1]!.name.localeCompare(list[i]!.name, lang)).toBeLessThanOrEqual(0);
    }
    expect(countryList('it').find((c) => c.code === 'IT')?.name).toBe('Italia');
    expect(countryList('en').find((c) => c.code === 'IT')?.name).toBe('Italy');
  });

  it('defaults to Italy', () => {
    expect(DEFAULT_COUNTRY_CODE).toBe('IT');
  });

  it('reads a country name in Italian or English, or a code, in any case', () => {
    expect(countryCode('Italia')).toBe('IT');
    expect(countryCode('Italy')).toBe('IT');
    expect(countryCode(' italia ')).toBe('IT');
    expect(countryCode('it')).toBe('IT');
    expect(countryCode('Germania')).toBe('DE');
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('Regno Unito')).toBe('GB');
  });

  it('refuses what is not a country', () => {
    for (const v of ['', 'XX', 'Atlantide', 'Ital']) expect(countryCode(v), v).toBeUndefined();
  });

  it('names a code in the given language and falls back to the code', () => {
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('ZZ', 'en')).toBe('ZZ');
  });

  it('round-trips every listed country: name → code → name', () => {
    for (const lang of ['it', 'en'] as const) {
      fc.assert(
        fc.property(fc.constantFrom(...countryList(lang)), ({ code, name }) => {
          expect(countryCode(name)).toBe(code);
          expect(countryCode(code.toLowerCase())).toBe(code);
          expect(countryName(code, lang)).toBe(name);
        }),
      );
    }
  });
});
