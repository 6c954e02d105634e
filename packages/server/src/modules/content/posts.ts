import type { Lang, THelipadPostSummary } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import type { HelipadPostRow } from '../../db/schema-public-site.ts';
import { AppError } from '../../http/errors.ts';
import * as q from './queries.ts';

/** A helipad post in one language, as the API answers it (content: sanitised HTML, detail only). */
export type HelipadPost = THelipadPostSummary;

function toPost(row: HelipadPostRow, lang: Lang, withContent: boolean): HelipadPost {
  return {
    id: row.id,
    slug: row.slug,
    title: lang === 'en' ? row.title_en : row.title_it,
    post_date: row.post_date,
    progr: row.progr,
    photos: row.photos,
    cover_alt: lang === 'en' ? row.cover_alt_en : row.cover_alt_it,
    ...(withContent ? { content: lang === 'en' ? row.content_en : row.content_it } : {}),
  };
}

/** Helipad posts from the database (seeded from the content files). */
export class HelipadPostsService {
  constructor(private readonly db: DbOrTrx) {}

  async list(lang: Lang, withContent = false): Promise<HelipadPost[]> {
    return (await q.listHelipadPosts(this.db)).map((r) => toPost(r, lang, withContent));
  }

  async get(slug: string, lang: Lang): Promise<HelipadPost> {
    const row = await q.findHelipadPost(this.db, slug);
    if (!row) throw new AppError('notFound', 'notFound');
    return toPost(row, lang, true);
  }
}
