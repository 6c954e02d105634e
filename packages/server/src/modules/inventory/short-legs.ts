/**
 * What the memo needs of the committed-change log (modules/cache/changes.ts, ReadChanges): its
 * current generation, and whether a change since one touched some legs or the schedule. Taken
 * as an interface so the inventory does not depend on the cache module.
 */
export interface SeatChangeLog {
  readonly generation: number;
  touchedSince(since: number, sources: { legs: readonly number[]; schedule: boolean }): boolean;
}

interface Short {
  /** The leg had fewer free seats than this. */
  fewerThan: number;
  /** Every change of the log up to this generation was already in the counter that refused. */
  generation: number;
  /** When the refusal was remembered (ms). */
  at: number;
}

/** Legs remembered at once; past it the memo starts again (a sell-out burst is about a few flights). */
const MAX_LEGS = 10_000;
/**
 * A refusal is trusted this long at most, as the read caches' answers are: a writer that tells
 * nobody (another process on the same SQLite file, a hand edit) is heard of by this ceiling.
 */
export const SHORT_LEG_TTL_MS = 2_000;

/**
 * Legs known to be short of seats, so that in a sell-out burst the buyers who come after the
 * last seat get their 409 without a write transaction (decision 030). A leg is remembered when
 * its conditional take is refused, with the change-log generation read before that take: the
 * refusal saw every change up to it. It is forgotten as soon as any later committed change
 * touches the leg's counters or the schedule (a release, a sale, a sweep, an aircraft change),
 * here or, over the read caches' bus, on another instance; while that bus is deaf nothing is
 * trusted, and nothing is trusted longer than SHORT_LEG_TTL_MS. The memo only ever refuses earlier what the conditional write would refuse: it
 * never lets a booking through, so overbooking stays impossible whatever it holds.
 */
export class ShortLegs {
  private readonly known = new Map<number, Short>();

  constructor(
    private readonly changes: SeatChangeLog,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Read before a take whose refusal may be remembered. */
  get generation(): number {
    return this.changes.generation;
  }

  /** `legId` refused `seats` at a take that started at `generation`. */
  remember(legId: number, seats: number, generation: number): void {
    const previous = this.known.get(legId);
    if (previous && previous.generation > generation) return; // a refusal that saw more stands
    const fewerThan = previous?.generation === generation ? Math.min(previous.fewerThan, seats) : seats;
    if (this.known.size >= MAX_LEGS) this.known.clear();
    this.known.set(legId, { fewerThan, generation, at: this.clock() });
  }

  /** True when one of these legs is known, now, to lack the seats asked of it. */
  lacksSeats(needs: readonly { legId: number; seats: number }[]): boolean {
    for (const { legId, seats } of needs) {
      const short = this.known.get(legId);
      if (!short) continue;
      if (this.clock() - short.at > SHORT_LEG_TTL_MS || this.changes.touchedSince(short.generation, { legs: [legId], schedule: true })) {
        this.known.delete(legId);
        continue;
      }
      if (seats >= short.fewerThan) return true;
    }
    return false;
  }
}
