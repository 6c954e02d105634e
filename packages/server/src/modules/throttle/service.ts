import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ACCOUNT_THROTTLES, RATE_LIMITS, type ThrottleName } from './limits.ts';
import * as q from './queries.ts';

export interface ThrottleState {
  hits: number;
  limited: boolean;
  /** Seconds until the window ends. */
  retryAfter: number;
}

const PRUNE_PROBABILITY = 0.01;
const LONGEST_WINDOW_MS = Math.max(...[...Object.values(ACCOUNT_THROTTLES), ...Object.values(RATE_LIMITS)].map((t) => ('windowMs' in t ? t.windowMs : t.timeWindow)));

/** A counter of the per-IP rate limits (shared store of @fastify/rate-limit, rate-limit-store.ts). */
export interface WindowCount {
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

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
    const row = await this.count(this.key(name, subject), ACCOUNT_THROTTLES[name].windowMs, now);
    return this.state(name, Number(row.hits), row.window_start, now);
  }

  private async count(key: string, windowMs: number, now: Date) {
    const row = await q.incrementThrottle(this.db, key, now.toISOString(), new Date(now.getTime() - windowMs).toISOString());
    // Every so often, forget counters of windows long over (one row per e-mail or address ever counted).
    if (Math.random() < PRUNE_PROBABILITY) await this.prune(now);
    return row;
  }

  /**
   * Counts one request under a raw key in a fixed window of `windowMs` (the per-IP rate limits;
   * keys are hashed like e-mail subjects, so no client address is stored in clear).
   */
  async countInWindow(scope: string, subject: string, windowMs: number): Promise<WindowCount> {
    const now = new Date();
    const row = await this.count(`rl:${scope}:${sha256(subject)}`, windowMs, now);
    return { hits: Number(row.hits), ttlMs: Math.max(0, new Date(row.window_start).getTime() + windowMs - now.getTime()) };
  }

  /** Whether the maximum is already used up in the current window (does not count). */
  async exhausted(name: ThrottleName, subject: string): Promise<boolean> {
    return (await this.lockedFor(name, subject)) > 0;
  }

  /** Seconds until a used-up window ends (for Retry-After), or 0 while attempts are still allowed (does not count). */
  async lockedFor(name: ThrottleName, subject: string): Promise<number> {
    const row = await q.findThrottle(this.db, this.key(name, subject));
    if (!row) return 0;
    const now = new Date();
    const state = this.state(name, Number(row.hits), row.window_start, now);
    const windowOver = new Date(row.window_start).getTime() + ACCOUNT_THROTTLES[name].windowMs <= now.getTime();
    return windowOver || state.hits < ACCOUNT_THROTTLES[name].max ? 0 : state.retryAfter;
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
