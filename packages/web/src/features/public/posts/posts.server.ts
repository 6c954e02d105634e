/**
 * Build time only (route `loader`s, prerendering): the helipad posts from the same content files
 * the server seeds its database from, through public-server's pure loader, so the static HTML
 * shows what GET /api/helipad-posts answers at runtime.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Lang } from '@heliline/domain/i18n/messages';
import { type HelipadPostSource, loadHelipadPosts } from '../../../../../server/src/modules/content/posts-source.ts';
import type { HelipadPost, HelipadPostSummary } from './types.ts';

/** packages/server/content, whether the build runs from the repository root or from packages/web (the bundle moves import.meta.url). */
function contentRoot(): string {
  for (const base of [process.cwd(), resolve(process.cwd(), '..'), resolve(process.cwd(), '../..')]) {
    const dir = join(base, 'packages/server/content');
    if (existsSync(join(dir, 'helipad-posts'))) return dir;
  }
  throw new Error('packages/server/content not found from the build folder');
}

let sources: Promise<HelipadPostSource[]> | undefined;

/** The database id is not known at build time: progr (unique per post) stands in for it. */
function inLang(p: HelipadPostSource, lang: Lang): HelipadPost {
  return {
    id: p.progr,
    slug: p.slug,
    title: p.title[lang],
    post_date: p.post_date,
    progr: p.progr,
    photos: p.photos,
    cover_alt: p.cover_alt[lang],
    content: p.content[lang],
  };
}

/** Newest first, like the API. */
export async function buildTimePosts(lang: Lang): Promise<HelipadPostSummary[]> {
  sources ??= loadHelipadPosts(contentRoot());
  return (await sources).map((p) => {
    const { content: _content, ...summary } = inLang(p, lang);
    return summary;
  });
}

export async function buildTimePost(slug: string, lang: Lang): Promise<HelipadPost | null> {
  sources ??= loadHelipadPosts(contentRoot());
  const found = (await sources).find((p) => p.slug === slug);
  return found ? inLang(found, lang) : null;
}
