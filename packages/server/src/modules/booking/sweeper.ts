import type { FastifyBaseLogger } from 'fastify';
import type { BookingService } from './service.ts';

/**
 * Runs BookingService.sweep on an interval (main.ts starts it; tests call sweep directly).
 * Several instances may each run one: the sweep itself is safe to run concurrently.
 */
export class HoldSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly booking: BookingService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs = 30_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
  }

  /** One sweep; overlapping calls in this process share the one already running. */
  runOnce(): Promise<number> {
    this.running ??= this.booking
      .sweep()
      .then((n) => {
        if (n > 0) this.log.info({ expired: n }, 'expired booking holds released');
        return n;
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

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
