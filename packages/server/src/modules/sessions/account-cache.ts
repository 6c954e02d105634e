import type { DbOrTrx } from '../../db/database.ts';
import { afterCommit } from '../../db/transaction.ts';

/**
 * What the cache needs of the instance's change feed (modules/cache ReadChanges, which also
 * carries the notices to the other instances): its generation, and account changes as they come.
 */
export interface AccountChanges {
  readonly generation: number;
  onChange(listener: (change: { accounts: ReadonlySet<number> | null }) => void): () => void;
  accountTouchedSince(since: number, userId: number): boolean;
  accountsChanged(userIds: readonly number[]): void;
}

/**
 * How long a value of one account (a session's caller, the account's own answer) may be given
 * from memory without asking the database. Changes made through the app drop it at once here
 * and, over the event bus, on the other instances (decision 028); the ceiling covers what no
 * notice reports (a lost notice, an edit by hand in the database).
 */
export const ACCOUNT_CACHE_TTL_MS = 10_000;
/** Live sessions and tokens a busy instance sees in ten seconds, with room to spare. */
export const ACCOUNT_CACHE_MAX_ENTRIES = 20_000;

interface Entry<T> {
  value: T;
  userId: number;
  expiresAt: number;
}

/**
 * Values that each belong to one account, by key. An entry lives until the first of: a committed
 * change of its account (ReadChanges.accountsChanged, here or on another instance), a moment of
 * its own (a session's expiry), the TTL ceiling. A read racing a change never stores: the caller
 * notes `generation` before reading and `store` keeps the value only if no change of that
 * account came since. While other instances' changes may be missed (the bus lost its
 * connection), ReadChanges reports "any account" and nothing is kept.
 */
export class AccountCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byUser = new Map<number, Set<string>>();

  constructor(
    private readonly changes: AccountChanges,
    private readonly options: { ttlMs: number; maxEntries: number } = { ttlMs: ACCOUNT_CACHE_TTL_MS, maxEntries: ACCOUNT_CACHE_MAX_ENTRIES },
  ) {
    changes.onChange((change) => {
      if (change.accounts === null) this.clear();
      else for (const userId of change.accounts) this.dropAccount(userId);
    });
  }

  /** Note it before reading what `store` will keep. */
  get generation(): number {
    return this.changes.generation;
  }

  lookup(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now < entry.expiresAt) return entry.value;
    this.remove(key);
    return undefined;
  }

  /** Keeps `value` unless its account changed since `since`; `until` (epoch ms) ends it earlier than the ceiling. */
  store(key: string, userId: number, value: T, since: number, now: number, until = Infinity): void {
    const expiresAt = Math.min(now + this.options.ttlMs, until);
    if (expiresAt <= now || this.changes.accountTouchedSince(since, userId)) return;
    this.remove(key);
    if (this.entries.size >= this.options.maxEntries) this.remove(this.entries.keys().next().value!);
    this.entries.set(key, { value, userId, expiresAt });
    const keys = this.byUser.get(userId);
    if (keys) keys.add(key);
    else this.byUser.set(userId, new Set([key]));
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(entry.userId);
  }

  private dropAccount(userId: number): void {
    for (const key of [...(this.byUser.get(userId) ?? [])]) this.remove(key);
  }

  private clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }
}

/**
 * Tells every account cache, here and on the other instances, that this account's sessions,
 * tokens, roles or profile changed: once `db`'s transaction has committed (at once outside one).
 */
export function reportAccountChange(changes: AccountChanges, db: DbOrTrx, userId: number): void {
  afterCommit(db, () => changes.accountsChanged([userId]));
}
