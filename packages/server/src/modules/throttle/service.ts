import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ACCOUNT_THROTTLES, type ThrottleName } from './limits.ts';
import * as q from './queries.ts';

export interface ThrottleState {
  hits: number;
  limited: boolean;
  /** Seconds until the window ends. */
  retryAfter: number;
}

const PRUNE_PROBABILITY = 0.01;
const LONGEST_WINDOW_MS = Math.max(...Object.values(ACCOUNT_THROTTLES).map((t) => t.windowMs));

/**
 * Per-account throttling on the `throttles` table (shared by every app instance).
 * Subjects (e-mail addresses) are stored hashed: the table holds no personal data.
 */
export class ThrottleService {
  constructor(private readonly db: Db) {}

  private key(name: ThrottleName, subject: string) {
    return `${name}:${sha256(subject.trim().toLowerCase())}`;
  }

  private state(name: ThrottleName, hits: number, windowStart: string, now: Date): ThrottleState {
    const { max, windowMs } = ACCOUNT_THROTTLES[name];
    const end = new Date(windowStart).getTime() + windowMs;
    return { hits, limited: hits > max, retryAfter: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
  }

  /** Counts one attempt; `limited` once the count goes past the maximum of the window. */
  async hit(name: ThrottleName, subject: string): Promise<ThrottleState> {
    const now = new Date();
    const cutoff = new Date(now.getTime() - ACCOUNT_THROTTLES[name].windowMs).toISOString();
    const row = await q.incrementThrottle(this.db, this.key(name, subject), now.toISOString(), cutoff);
    // Every so often, forget counters of windows long over (one row per e-mail ever tried).
    if (Math.random() < PRUNE_PROBABILITY) await this.prune(now);
    return this.state(name, Number(row.hits), row.window_start, now);
  }

  /** Whether the maximum is already used up in the current window (does not count). */
  async exhausted(name: ThrottleName, subject: string): Promise<boolean> {
    const row = await q.findThrottle(this.db, this.key(name, subject));
    if (!row) return false;
    const now = new Date();
    if (new Date(row.window_start).getTime() + ACCOUNT_THROTTLES[name].windowMs <= now.getTime()) return false;
    return Number(row.hits) >= ACCOUNT_THROTTLES[name].max;
  }

  /** Counts one attempt and refuses it with 429 when over the limit. */
  async consume(name: ThrottleName, subject: string): Promise<void> {
    const state = await this.hit(name, subject);
    if (state.limited) throw tooManyRequests(state.retryAfter);
  }

  /** Removes counters older than the longest window. */
  async prune(now: Date = new Date()): Promise<void> {
    await q.deleteThrottlesBefore(this.db, new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString());
  }

  async clear(name: ThrottleName, subject: string): Promise<void> {
    await q.deleteThrottle(this.db, this.key(name, subject));
  }
}

export const tooManyRequests = (retryAfterSeconds?: number) => new AppError('tooManyRequests', 'tooManyRequests', {}, retryAfterSeconds);
