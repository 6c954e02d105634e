import { affects, type ReadChange, type ReadChanges, type ReadSources } from './changes.ts';

/** What a read produced: its value, what it read, and when time alone changes it. */
export interface Filled<T> {
  value: T;
  sources: ReadSources;
  /** Epoch ms from which the answer may differ with no write (a cut-off, a take-off); null: never by time. */
  changesAt: number | null;
}

interface Entry<T> {
  value: T;
  sources: ReadSources;
  expiresAt: number;
  /** The generation its read started at: an older read never replaces a newer one's answer. */
  since: number;
}

interface Pending<T> {
  since: number;
  value: Promise<T>;
}

export interface ReadCacheOptions {
  /** Safety net only (a change no notice reported, e.g. an edit by hand in the database). */
  ttlMs: number;
  maxEntries: number;
}

/**
 * Answers of one read path by key. An entry lives until the first of: a committed change of
 * what it was read from (ReadChanges), the moment its answer changes by time, the TTL ceiling.
 * A read racing a write never stores: the generation is noted before reading and the answer is
 * kept only if no change since then touched its sources. Concurrent misses of one key share
 * one read, unless a change came in between.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Pending<T>>();
  /** Keys by leg they were read from, so a seat change finds its entries without a scan. */
  private readonly byLeg = new Map<number, Set<string>>();

  constructor(
    private readonly changes: ReadChanges,
    private readonly options: ReadCacheOptions,
  ) {
    changes.onChange((change) => this.drop(change));
  }

  /** The cached value, if it is still good at `now` (epoch ms). */
  lookup(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now < entry.expiresAt) return entry.value;
    this.remove(key);
    return undefined;
  }

  /** The cached value or a fresh read (stored when nothing changed meanwhile). */
  get(key: string, now: number, read: () => Promise<Filled<T>>): Promise<T> {
    const hit = this.lookup(key, now);
    if (hit !== undefined) return Promise.resolve(hit);
    const since = this.changes.generation;
    const shared = this.pending.get(key);
    if (shared && shared.since === since) return shared.value;
    const mine = { since } as Pending<T>;
    mine.value = read().then(
      (filled) => {
        if (this.pending.get(key) === mine) this.pending.delete(key);
        if (!this.changes.touchedSince(since, filled.sources)) this.store(key, filled, now, since);
        return filled.value;
      },
      (err: unknown) => {
        if (this.pending.get(key) === mine) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, mine);
    return mine.value;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, filled: Filled<T>, now: number, since: number): void {
    const expiresAt = Math.min(now + this.options.ttlMs, filled.changesAt ?? Infinity);
    if (expiresAt <= now || (this.entries.get(key)?.since ?? -1) > since) return;
    this.remove(key);
    if (this.entries.size >= this.options.maxEntries) this.remove(this.entries.keys().next().value!);
    this.entries.set(key, { value: filled.value, sources: filled.sources, expiresAt, since });
    for (const leg of filled.sources.legs) {
      const keys = this.byLeg.get(leg);
      if (keys) keys.add(key);
      else this.byLeg.set(leg, new Set([key]));
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const leg of entry.sources.legs) {
      const keys = this.byLeg.get(leg);
      keys?.delete(key);
      if (keys?.size === 0) this.byLeg.delete(leg);
    }
  }

  private drop(change: ReadChange): void {
    if (change.legs === null) {
      for (const [key, entry] of this.entries) if (affects(change, entry.sources)) this.remove(key);
      return;
    }
    for (const leg of change.legs) for (const key of [...(this.byLeg.get(leg) ?? [])]) this.remove(key);
  }
}
