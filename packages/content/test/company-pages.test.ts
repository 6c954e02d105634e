import { COMPANY_PAGE_IDS } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { loadCompanyPage } from '../src/company-pages.ts';
import { DEFAULT_CONTENT_ROOT } from '../src/content-root.ts';

describe('loadCompanyPage', () => {
  it('is null for an unknown page id, a path outside the folder or a missing file', async () => {
    expect(await loadCompanyPage(DEFAULT_CONTENT_ROOT, 'it', 'unknown')).toBeNull();
    expect(await loadCompanyPage(DEFAULT_CONTENT_ROOT, 'it', '../../package')).toBeNull();
    expect(await loadCompanyPage('/nonexistent-content-root', 'it', 'profile')).toBeNull();
  });

  for (const lang of ['it', 'en'] as const) {
    for (const page of COMPANY_PAGE_IDS) {
      it(`reads the real page ${lang}/${page}: its title and sanitised HTML with a heading id and alt texts`, async () => {
        const content = await loadCompanyPage(DEFAULT_CONTENT_ROOT, lang, page);
        expect(content).not.toBeNull();
        expect(content!.page).toBe(page);
        expect(content!.heading).not.toBe(page);
        expect(content!.html).toMatch(/<h1 id="[a-z0-9-]+">/);
        expect(content!.html).not.toMatch(/<img(?![^>]*alt="[^"]+")/);
        expect(content!.html).not.toMatch(/<script/);
      });
    }
  }
});
