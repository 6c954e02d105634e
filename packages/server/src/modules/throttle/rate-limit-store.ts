import type { ThrottleService } from './service.ts';

type Incr = (key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) => void;

/** What @fastify/rate-limit hands a store: the merged route options (routeInfo, groupId…). */
interface StoreOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The bucket a route counts in: its group (several routes sharing one limit) or its method and path. */
function scopeOf(options: StoreOptions): string {
  if (options.groupId) return `group:${options.groupId}`;
  const { method, url } = options.routeInfo ?? {};
  return `${[method ?? ''].flat().join(',')} ${url ?? ''}`;
}

/**
 * A store for @fastify/rate-limit on the database (`throttles` table, fixed windows), so every
 * app instance behind a proxy counts in the same place: two instances do not double a limit.
 */
export function databaseRateLimitStore(throttle: ThrottleService) {
  return class DatabaseRateLimitStore {
    private readonly scope: string;

    /** Typed loosely: the plugin passes its merged options here and to child(). */
    constructor(options: unknown = {}) {
      this.scope = scopeOf(options as StoreOptions);
    }

    incr: Incr = (key, callback, timeWindow) => {
      throttle.countInWindow(this.scope, key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    };

    child(routeOptions: unknown) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
