import { DEFAULT_CONTENT_ROOT, type HelipadPostSource, loadHelipadPosts } from '@heliline/content';
import { upsertHelipadPost } from '../modules/content/queries.ts';
import type { DbOrTrx } from '../db/database.ts';

/**
 * Helipad posts from content/helipad-posts into helipad_posts, upserted by slug: runs at every
 * start, so an edited file updates its row and nothing is duplicated. Contents are stored as
 * sanitised HTML (see packages/content/src/markdown.ts).
 */
export async function seedPublicSite(db: DbOrTrx, options: { contentRoot?: string; now?: Date } = {}): Promise<number> {
  const posts = await loadHelipadPosts(options.contentRoot ?? DEFAULT_CONTENT_ROOT);
  const updatedAt = (options.now ?? new Date()).toISOString();
  for (const post of posts) await upsertHelipadPost(db, toRow(post, updatedAt));
  return posts.length;
}

const toRow = (p: HelipadPostSource, updatedAt: string) => ({
  slug: p.slug,
  post_date: p.post_date,
  progr: p.progr,
  photos: p.photos,
  title_it: p.title.it,
  title_en: p.title.en,
  cover_alt_it: p.cover_alt.it,
  cover_alt_en: p.cover_alt.en,
  content_it: p.content.it,
  content_en: p.content.en,
  updated_at: updatedAt,
});
