import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

/**
 * Fixed-window counter, atomically: a new key starts at 1; a key whose window began at or
 * before `cutoff` restarts at 1 with a new window; otherwise it is incremented. One statement,
 * so two instances counting the same key never lose a hit (SQLite and PostgreSQL both evaluate
 * the SET expressions against the old row).
 */
export async function incrementThrottle(db: DbOrTrx, key: string, now: string, cutoff: string) {
  return db
    .insertInto('throttles')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when throttles.window_start <= ${cutoff} then 1 else throttles.hits + 1 end`,
        window_start: sql<string>`case when throttles.window_start <= ${cutoff} then ${now} else throttles.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
}

export function findThrottle(db: DbOrTrx, key: string) {
  return db.selectFrom('throttles').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
}

export async function deleteThrottle(db: DbOrTrx, key: string) {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** Drops counters whose window began before `before` (they no longer limit anything). */
export async function deleteThrottlesBefore(db: DbOrTrx, before: string) {
  await db.deleteFrom('throttles').where('window_start', '<', before).execute();
}
