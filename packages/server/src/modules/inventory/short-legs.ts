interface Short {
  /** The leg had fewer free seats than this. */
  fewerThan: number;
  /** Every change of this instance up to this generation was already in the counter that refused. */
  generation: number;
  /** When the refusal was remembered (ms). */
  at: number;
}

/** Legs remembered at once; past it the memo starts again (a sell-out burst is about a few flights). */
const MAX_LEGS = 10_000;
/**
 * A refusal is trusted this long at most: seats given back by another instance (or another
 * process on the same SQLite file) are not heard of here, so a leg may read sold out that long
 * after they came back (docs/caches.md).
 */
export const SHORT_LEG_TTL_MS = 2_000;

/**
 * Legs known to be short of seats, so that in a sell-out burst the buyers who come after the
 * last seat get their 409 without a write transaction (decision 030). A leg is remembered when
 * its conditional take is refused, with this instance's change generation read before that
 * take: the refusal saw every change of this instance up to it. It is forgotten as soon as this
 * instance commits a change of the leg's counters (seatsChanged, from InventoryService), and in
 * any case after SHORT_LEG_TTL_MS. The memo only ever refuses: it never lets a booking through,
 * so overbooking stays impossible whatever it holds.
 */
export class ShortLegs {
  private readonly known = new Map<number, Short>();
  private current = 0;
  /** The generation of each leg's last change here: a refusal read before it is stale. */
  private readonly changedAt = new Map<number, number>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Read before a take whose refusal may be remembered. */
  get generation(): number {
    return this.current;
  }

  /** This instance committed a change of these legs' counters. */
  seatsChanged(legIds: readonly number[]): void {
    this.current++;
    if (this.changedAt.size >= MAX_LEGS) this.changedAt.clear();
    for (const legId of legIds) {
      this.changedAt.set(legId, this.current);
      this.known.delete(legId);
    }
  }

  /** `legId` refused `seats` at a take that started at `generation`. */
  remember(legId: number, seats: number, generation: number): void {
    if ((this.changedAt.get(legId) ?? -1) > generation) return; // a change came after the refusal's read
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
      if (this.clock() - short.at > SHORT_LEG_TTL_MS) {
        this.known.delete(legId);
        continue;
      }
      if (seats >= short.fewerThan) return true;
    }
    return false;
  }
}
