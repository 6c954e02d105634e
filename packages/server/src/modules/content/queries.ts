import type { DbOrTrx } from '../../db/database.ts';
import type { NewHelipadPost } from '../../db/schema-public-site.ts';

/** SQL of the content module: helipad_posts. */

/** Insert or update by slug (the seed runs at every start). */
export async function upsertHelipadPost(db: DbOrTrx, row: NewHelipadPost): Promise<void> {
  const { slug: _slug, ...changes } = row;
  await db
    .insertInto('helipad_posts')
    .values(row)
    .onConflict((oc) => oc.column('slug').doUpdateSet(changes))
    .execute();
}

/** Newest first; the same date is ordered by progr (higher = later). */
export function listHelipadPosts(db: DbOrTrx) {
  return db.selectFrom('helipad_posts').selectAll().orderBy('post_date', 'desc').orderBy('progr', 'desc').execute();
}

export function findHelipadPost(db: DbOrTrx, slug: string) {
  return db.selectFrom('helipad_posts').selectAll().where('slug', '=', slug).executeTakeFirst();
}
