import type { FastifyBaseLogger } from 'fastify';
import type { Payments } from '../../payments/contract.ts';
import type { BookingRequestsService } from './service.ts';

/**
 * Runs BookingRequestsService.sweep on an interval (main.ts starts it; tests call sweep directly),
 * then asks the gateway about payment pages left open, so an abandoned payment is recorded as
 * such and not only its seats released. Several instances may each run one: both sweeps are
 * safe to run concurrently.
 */
export class HoldSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Other modules' settle steps, run before the hold sweep (e.g. ticket changes cut short mid-capture). */
  private readonly settleSteps: (() => Promise<number>)[] = [];

  constructor(
    private readonly booking: Pick<BookingRequestsService, 'sweep'>,
    private readonly payments: Pick<Payments, 'sweepAbandoned'>,
    private readonly log: FastifyBaseLogger,
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

  /** One sweep; overlapping calls in this process share the one already running. */
  runOnce(): Promise<number> {
    this.running ??= this.settle()
      .then(() => this.booking.sweep())
      .then(async (n) => {
        if (n > 0) this.log.info({ expired: n }, 'expired booking holds released');
        const abandoned = await this.payments.sweepAbandoned();
        if (abandoned > 0) this.log.info({ abandoned }, 'abandoned payments recorded');
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

  private async settle(): Promise<void> {
    for (const step of this.settleSteps) await step();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
