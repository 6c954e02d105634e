import { type Lang, LANGS } from '@heliline/domain';
import { ReadChanges } from './changes.ts';
import { ReadCache } from './read-cache.ts';

/** Reference data changes only when the seed runs at start; the ceiling covers an edit by hand. */
const REFERENCE_TTL_MS = 60_000;

export interface ReferenceAnswers {
  /** The answer, from memory or read (concurrent first requests share one read). */
  (lang: Lang): Promise<string>;
  /** The answer if memory holds it: a route answers a hit without a promise in between. */
  cached(lang: Lang): string | undefined;
}

/** A reference-data answer (document types …) kept per language in memory: `read` runs once a minute at most. */
export function referenceAnswers(read: (lang: Lang) => Promise<string>): ReferenceAnswers {
  const cache = new ReadCache<string>(new ReadChanges(), { ttlMs: REFERENCE_TTL_MS, maxEntries: LANGS.length });
  const answer = (lang: Lang) => cache.get(lang, Date.now(), async () => ({ value: await read(lang), sources: { legs: [], schedule: false }, changesAt: null }));
  return Object.assign(answer, { cached: (lang: Lang) => cache.lookup(lang, Date.now()) });
}
