import { describe, expect, it } from 'vitest';
import { seedPublicSite } from '../src/seed/public-site.ts';
import { COMPANY_PAGE_IDS, DOCUMENT_SLUGS } from '@heliline/domain';
import { FIXTURE_CONTENT_ROOT } from './content-support.ts';
import { buildTestApp } from './helpers.ts';

const { app, db } = await buildTestApp({ contentRoot: FIXTURE_CONTENT_ROOT });
const { app: realApp } = await buildTestApp();
// The real content files (seeded by buildTestApp) plus the fixtures.
await seedPublicSite(db, { contentRoot: FIXTURE_CONTENT_ROOT });

// Loading and rendering the content files is tested in packages/content; here: the seed and HTTP.

describe('helipad posts seed', () => {
  it('is idempotent: upsert by slug, edits update the row', async () => {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('helipad_posts')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await db.updateTable('helipad_posts').set({ title_en: 'changed by hand' }).where('slug', '=', 'test-helipad').execute();
    await seedPublicSite(db, { contentRoot: FIXTURE_CONTENT_ROOT });
    await seedPublicSite(db, { contentRoot: FIXTURE_CONTENT_ROOT });
    expect(await count()).toBe(before);
    const row = await db.selectFrom('helipad_posts').selectAll().where('slug', '=', 'test-helipad').executeTakeFirstOrThrow();
    expect(row.title_en).toBe('Test helipad');
  });
});

describe('GET /api/helipad-posts', () => {
  it('lists the posts newest first in the request language, without content unless asked', async () => {
    const res = await app.inject({ url: '/api/helipad-posts', headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(200);
    const { posts } = res.json();
    const dates = posts.map((p: { post_date: string }) => p.post_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const test = posts.find((p: { slug: string }) => p.slug === 'test-helipad');
    expect(test).toEqual({
      id: expect.any(Number),
      slug: 'test-helipad',
      title: 'Test helipad',
      post_date: '2024-02-10',
      progr: 9,
      photos: 3,
      cover_alt: 'Test helipad seen from above',
    });
    const it = await app.inject({ url: '/api/helipad-posts?lang=it&content=1', headers: { 'x-locale': 'en' } });
    const itTest = it.json().posts.find((p: { slug: string }) => p.slug === 'test-helipad');
    expect(itTest.title).toBe('Elisuperficie di prova');
    expect(itTest.content).toContain('<strong>italiano</strong>');
  });

  it('answers one post with sanitised HTML, or 404', async () => {
    const res = await app.inject({ url: '/api/helipad-posts/test-helipad?lang=it' });
    expect(res.statusCode).toBe(200);
    const { post } = res.json();
    expect(post).toMatchObject({ slug: 'test-helipad', title: 'Elisuperficie di prova', photos: 3 });
    expect(post.content).not.toMatch(/<script|onerror|onclick|javascript:/);
    const missing = await app.inject({ url: '/api/helipad-posts/nope', headers: { 'x-locale': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Not found', messages: { it: 'Non trovato' } });
  });

  it('refuses bad query values with 422', async () => {
    expect((await app.inject({ url: '/api/helipad-posts?lang=fr' })).statusCode).toBe(422);
    expect((await app.inject({ url: '/api/helipad-posts?content=yes' })).statusCode).toBe(422);
  });
});

describe('GET /company-pages/{lang}/{page}', () => {
  it('is a self-contained, styled HTML document with lang, title and alt texts, and no script at all', async () => {
    const res = await app.inject({ url: '/company-pages/it/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toContain('max-age=600');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="it">/);
    expect(html).toContain('<title>Profilo di prova – Heliline</title>');
    expect(html).toContain('<style>');
    expect(html).toContain('<img src="/images/company/profile.svg" alt="Elicottero di prova sopra il mare" loading="lazy" />');
    expect(html).not.toMatch(/tracker\.example|onerror|alert\('x'\)/);
    expect(html).not.toContain('noindex');
    // The embedding page measures the frame itself (same origin): a script would cost the frame a JS context of its own.
    expect(html).not.toContain('<script');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline' 'self'");
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/company-pages/en/profile' });
    expect(first.body).toContain('<html lang="en">');
    const again = await app.inject({ url: '/company-pages/en/profile', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('renders the preview variant with a visible ribbon, noindex and no caching', async () => {
    const res = await app.inject({ url: '/company-pages/en/profile?preview=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p class="ribbon" role="note">Preview</p>');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    const it = await app.inject({ url: '/company-pages/it/profile?preview=1' });
    expect(it.body).toContain('>Anteprima</p>');
  });

  it.each(['/company-pages/de/profile', '/company-pages/it/unknown', '/company-pages/it/training', '/company-pages/it/..%2F..%2Fpackage'])('%s → 404', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /documents/{lang}/{slug}.pdf', () => {
  it('generates a real PDF from the Markdown, cached in memory after the first render', async () => {
    const res = await app.inject({ url: '/documents/it/baggage.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="heliline-baggage-it.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    expect(res.rawPayload.length).toBeGreaterThan(1500);
    const again = await app.inject({ url: '/documents/it/baggage.pdf' });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it.each(['/documents/it/nope.pdf', '/documents/fr/baggage.pdf', '/documents/it/baggage', '/documents/it/parking.pdf'])('%s → 404', async (url) => {
    expect((await app.inject({ url })).statusCode).toBe(404);
  });
});

describe('the real content files', () => {
  for (const lang of ['it', 'en'] as const) {
    for (const page of COMPANY_PAGE_IDS) {
      it(`company page ${lang}/${page} renders with its title`, async () => {
        const res = await realApp.inject({ url: `/company-pages/${lang}/${page}` });
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(/<title>[^<]+ – Heliline<\/title>/);
        expect(res.body).toMatch(/<h1 id="[a-z0-9-]+">/);
        expect(res.body).not.toMatch(/<img(?![^>]*alt="[^"]+")/);
      });
    }
    for (const slug of DOCUMENT_SLUGS) {
      it(`document ${lang}/${slug} is served as a PDF`, async () => {
        const res = await realApp.inject({ url: `/documents/${lang}/${slug}.pdf` });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      });
    }
  }
});
