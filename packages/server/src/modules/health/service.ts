import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface Readiness {
  database: 'up' | 'down';
}

/**
 * Liveness and readiness for the proxy and operators (decision 017). Liveness is the process
 * answering at all (no database call: a database outage must not get healthy instances
 * restarted); readiness is the database answering a trivial query within a short time. After
 * a disk failed a SQLite write the database refuses every statement (db/database.ts), so
 * readiness says down until the process is restarted on a working disk.
 */
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly db: Db,
    /** How long readiness waits for the database before calling it down. */
    private readonly timeoutMs = 2_000,
  ) {}

  uptimeSeconds(): number {
    return Math.floor((Date.now() - this.startedAt) / 1000);
  }

  async readiness(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    const ping = sql`select 1 as one`
      .execute(this.db)
      .then(() => true)
      .catch(() => false);
    try {
      return { database: (await Promise.race([ping, timeout])) ? 'up' : 'down' };
    } finally {
      clearTimeout(timer);
    }
  }
}
