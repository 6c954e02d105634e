import { describe, expect, it } from 'vitest';
import { prerenderPaths } from '../../scripts/public-pages.ts';
import { sitemapXml } from '../../scripts/site-files.ts';
import { alternatesOf, hasCounterpart, langFromPath, localizedPath, paths } from './paths.ts';
import { SITE_URL } from './site.ts';

// The statement is the one bilingual page whose slug differs by language (issue 14).
describe('accessibility statement URLs', () => {
  it('lives at /accessibilita in Italian and /en/accessibility in English', () => {
    expect(paths.accessibility('it')).toBe('/accessibilita');
    expect(paths.accessibility('en')).toBe('/en/accessibility');
    expect(localizedPath('/accessibilita', 'en')).toBe('/en/accessibility');
    expect(localizedPath('/en/accessibility/', 'it')).toBe('/accessibilita');
    expect(localizedPath('/accessibilita#feedback', 'en')).toBe('/en/accessibility#feedback');
  });

  it('imposes its language and has the other copy as its alternate', () => {
    expect(langFromPath('/accessibilita')).toBe('it');
    expect(langFromPath('/en/accessibility')).toBe('en');
    expect(alternatesOf('/en/accessibility')).toEqual({ it: '/accessibilita', en: '/en/accessibility' });
    expect(hasCounterpart('/accessibilita')).toBe(true);
    // The English slug without /en is not a public page.
    expect(langFromPath('/accessibility')).toBeNull();
    expect(alternatesOf('/accessibility')).toBeNull();
  });

  it('is prerendered and listed in the sitemap in both languages', () => {
    expect(prerenderPaths()).toEqual(expect.arrayContaining(['/accessibilita', '/en/accessibility']));
    const xml = sitemapXml();
    expect(xml).toContain(`<loc>${SITE_URL}/accessibilita</loc>`);
    expect(xml).toContain(`<loc>${SITE_URL}/en/accessibility</loc>`);
    expect(xml).toContain(`hreflang="en" href="${SITE_URL}/en/accessibility"`);
  });
});
