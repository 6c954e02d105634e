import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, DialectName } from '../../../db/database.ts';
import type { Payments } from '../../payments/contract.ts';
import type { BookingRequestsService } from './service.ts';

/** Runs a job only where no other instance runs it now; null when another one does. */
export interface SweepLock {
  exclusive<T>(job: () => Promise<T>): Promise<T | null>;
}

/**
 * One sweeper at a time across instances (decision 014). PostgreSQL: a transaction-level
 * advisory lock, held by the transaction that wraps the run and released at its end even if
 * the run throws — a session lock on a pooled connection could outlive a failed unlock. The
 * key includes the schema, so separate schemas on one server (tests, tenants) do not exclude
 * each other. SQLite runs one process: nothing to take.
 */
export function sweepLock(db: Db, dialect: DialectName): SweepLock {
  if (dialect !== 'postgres') return { exclusive: (job) => job() };
  return {
    exclusive: (job) =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || ':hold-sweeper')) as locked`.execute(trx);
        return rows[0]?.locked ? job() : null;
      }),
  };
}

/**
 * Runs BookingRequestsService.sweep on an interval (main.ts starts it; tests call sweep directly),
 * then asks the gateway about payment pages left open, so an abandoned payment is recorded as
 * such and not only its seats released. Every instance starts one; the lock lets one of them
 * sweep at a time (the sweeps would be safe concurrently, but would only repeat each other's work).
 */
export class HoldSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Other modules' settle steps, run before the hold sweep (e.g. ticket changes cut short mid-capture). */
  private readonly settleSteps: (() => Promise<number>)[] = [];
  /** Work run after the sweep (e.g. sending refunds): slow gateway calls never delay releasing seats. */
  private readonly afterSteps: (() => Promise<number>)[] = [];

  constructor(
    private readonly booking: Pick<BookingRequestsService, 'sweep'>,
    private readonly payments: Pick<Payments, 'sweepAbandoned'>,
    private readonly log: FastifyBaseLogger,
    private readonly lock: SweepLock = { exclusive: (job) => job() },
  ) {}

  start(intervalMs = 30_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
  }

  /** Adds a step that settles work a crashed process left half done (composition root). */
  alsoSettle(step: () => Promise<number>): void {
    this.settleSteps.push(step);
  }

  /** Adds a step run after the hold sweep (composition root). */
  alsoAfter(step: () => Promise<number>): void {
    this.afterSteps.push(step);
  }

  /** One sweep; overlapping calls in this process share the one already running. */
  runOnce(): Promise<number> {
    this.running ??= this.lock
      .exclusive(() => this.sweep())
      .then((n) => {
        if (n === null) this.log.debug('hold sweep skipped: another instance is sweeping');
        return n ?? 0;
      })
      .catch((err: unknown) => {
        this.log.error({ err }, 'hold sweep failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sweep(): Promise<number> {
    for (const step of this.settleSteps) await step();
    const n = await this.booking.sweep();
    if (n > 0) this.log.info({ expired: n }, 'expired booking holds released');
    const abandoned = await this.payments.sweepAbandoned();
    if (abandoned > 0) this.log.info({ abandoned }, 'abandoned payments recorded');
    for (const step of this.afterSteps) await step();
    return n;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
