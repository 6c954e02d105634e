/**
 * Build time only (route `loader`s, prerendering): the helipad posts from the same content files
 * the server seeds its database from, through @heliline/content's loader, so the static HTML
 * shows what GET /api/helipad-posts answers at runtime.
 */
import { DEFAULT_CONTENT_ROOT } from '@heliline/content/content-root';
import { type HelipadPostSource, loadHelipadPosts } from '@heliline/content/helipad-posts';
import type { Lang } from '@heliline/domain/i18n/messages';
import type { HelipadPost, HelipadPostSummary } from './types.ts';

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
  sources ??= loadHelipadPosts(DEFAULT_CONTENT_ROOT);
  return (await sources).map((p) => {
    const { content: _content, ...summary } = inLang(p, lang);
    return summary;
  });
}

export async function buildTimePost(slug: string, lang: Lang): Promise<HelipadPost | null> {
  sources ??= loadHelipadPosts(DEFAULT_CONTENT_ROOT);
  const found = (await sources).find((p) => p.slug === slug);
  return found ? inLang(found, lang) : null;
}
