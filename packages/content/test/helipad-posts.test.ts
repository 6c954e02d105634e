import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_ROOT } from '../src/content-root.ts';
import { ContentFileError, helipadPostSlugs, loadHelipadPosts, parseFrontMatter } from '../src/helipad-posts.ts';
import { FIXTURE_CONTENT_ROOT } from './support.ts';

describe('helipad posts source (shared by the server seed and the web build)', () => {
  it('reads both languages of every post, newest first, with sanitised content', async () => {
    const posts = await loadHelipadPosts(FIXTURE_CONTENT_ROOT);
    expect(posts.map((p) => p.slug)).toEqual(['test-helipad', 'older-helipad']);
    const [post] = posts;
    expect(post).toMatchObject({
      post_date: '2024-02-10',
      progr: 9,
      photos: 3,
      title: { it: 'Elisuperficie di prova', en: 'Test helipad' },
      cover_alt: { it: "Piazzola di prova vista dall'alto", en: 'Test helipad seen from above' },
    });
    expect(post!.content.it).toContain('<strong>italiano</strong>');
    expect(post!.content.it).toContain('<p>Paragrafo con gestore</p>');
    expect(post!.content.it).not.toMatch(/<script|onerror|onclick|javascript:|document\.cookie/);
    expect(post!.content.en).toBe('<p>English <strong>text</strong> of the helipad.</p>\n');
  });

  it('loads the real posts the content engineer wrote', async () => {
    const posts = await loadHelipadPosts(DEFAULT_CONTENT_ROOT);
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      expect(p.title.it && p.title.en && p.cover_alt.it && p.cover_alt.en).toBeTruthy();
      expect(p.content.it).toMatch(/^<p>/);
      expect(p.photos).toBeGreaterThan(0);
    }
  });

  it('lists the same slugs synchronously (the web prerender list), sorted', async () => {
    expect(helipadPostSlugs(FIXTURE_CONTENT_ROOT)).toEqual(['older-helipad', 'test-helipad']);
    const real = (await loadHelipadPosts(DEFAULT_CONTENT_ROOT)).map((p) => p.slug).sort();
    expect(helipadPostSlugs(DEFAULT_CONTENT_ROOT)).toEqual(real);
  });

  it('finds no posts where there is no helipad-posts folder', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'heliline-content-'));
    expect(helipadPostSlugs(empty)).toEqual([]);
    expect(await loadHelipadPosts(empty)).toEqual([]);
  });

  it('refuses a post that has only one language', async () => {
    const root = await mkdtemp(join(tmpdir(), 'heliline-content-'));
    const dir = join(root, 'helipad-posts');
    await mkdir(dir);
    await writeFile(join(dir, 'lonely.it.md'), '---\ntitle: x\ndate: 2020-01-01\nprogr: 1\nphotos: 2\ncover_alt: c\n---\nbody');
    await expect(loadHelipadPosts(root)).rejects.toThrow(/lonely\.en\.md: missing/);
  });

  it('refuses a file without the front matter it needs', () => {
    expect(() => parseFrontMatter('no front matter')).toThrow(ContentFileError);
    expect(() => parseFrontMatter('---\ntitle: x\ndate: 2020-01-01\nprogr: 1\nphotos: 2\n---\nbody', 'a.md')).toThrow(/a\.md: front matter needs cover_alt/);
    expect(() => parseFrontMatter('---\ntitle: x\ndate: 20-01-01\nprogr: 1\nphotos: 2\ncover_alt: c\n---\n')).toThrow(/date must be YYYY-MM-DD/);
    expect(() => parseFrontMatter('---\ntitle: x\ndate: 2020-01-01\nprogr: one\nphotos: 2\ncover_alt: c\n---\n')).toThrow(/progr must be a whole number/);
  });
});
