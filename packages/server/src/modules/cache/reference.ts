import { type Lang, LANGS } from '@heliline/domain';
import { ReadChanges } from './changes.ts';
import { ReadCache } from './read-cache.ts';

/** Reference data changes only when the seed runs at start; the ceiling covers an edit by hand. */
const REFERENCE_TTL_MS = 60_000;

/**
 * A reference-data answer (document types …) kept per language in memory: `read` runs once a
 * minute at most, and concurrent first requests share one read.
 */
export function referenceAnswers(read: (lang: Lang) => Promise<string>): (lang: Lang) => Promise<string> {
  const cache = new ReadCache<string>(new ReadChanges(), { ttlMs: REFERENCE_TTL_MS, maxEntries: LANGS.length });
  return (lang) => cache.get(lang, Date.now(), async () => ({ value: await read(lang), sources: { legs: [], schedule: false }, changesAt: null }));
}
