import type { DbOrTrx } from '../../db/database.ts';
import { afterCommit, inTransaction } from '../../db/transaction.ts';
import type { ScheduleService } from '../schedule/service.ts';
import * as q from './queries.ts';
import type { LegSeats } from './queries.ts';
import type { ShortLegs } from './short-legs.ts';

export type { LegSeats } from './queries.ts';

/** Seats a journey needs on one leg. */
export interface LegNeed {
  legId: number;
  seats: number;
}

/**
 * The only code that changes seat counts (DESIGN §1). Counters live per flight leg:
 * available = capacity − sold − held − blocked. Every change is a conditional UPDATE that
 * re-checks availability on the row it writes, legs are always taken in ascending id order
 * (no deadlock between two buyers of the same two legs), and a CHECK constraint refuses an
 * oversold row whatever happens. Callers run these inside Transactions.run (db/transaction.ts):
 * see docs/decisions/006-seat-inventory-concurrency.md.
 */
export class InventoryService {
  /** Legs a take was refused on, until a change touches them (none without a change log). */
  private readonly shortLegs: ShortLegs | null;
  /** Legs each open transaction has taken seats on: a refusal there may be its own doing, undone by a rollback. */
  private readonly takenIn = new WeakMap<DbOrTrx, Set<number>>();

  /** `shortLegs`: the sold-out memo (decision 030); this service tells it of each committed seat change. */
  constructor(
    private readonly schedule: Pick<ScheduleService, 'legCapacities'>,
    shortLegs?: ShortLegs,
  ) {
    this.shortLegs = shortLegs ?? null;
    if (shortLegs) this.watchSeats((legIds) => shortLegs.seatsChanged(legIds));
  }

  // ---- who hears of seat changes (the sold-out memo) ----
  private readonly seatWatchers: ((legIds: readonly number[]) => void)[] = [];

  /** `watcher` hears which legs' counters changed, once the writing transaction has committed. */
  watchSeats(watcher: (legIds: readonly number[]) => void): void {
    this.seatWatchers.push(watcher);
  }

  private seatsChanged(trx: DbOrTrx, legIds: readonly number[]): void {
    if (legIds.length === 0 || this.seatWatchers.length === 0) return;
    afterCommit(trx, () => {
      for (const watcher of this.seatWatchers) watcher(legIds);
    });
  }
  // ---- end ----

  /** Current counters of legs (read only; for search and display); unbooked legs have nothing taken. */
  async seats(db: DbOrTrx, legIds: readonly number[]): Promise<LegSeats[]> {
    return this.seatsOf(db, await this.schedule.legCapacities(legIds, db));
  }

  /** seats() of legs whose aircraft seats the caller has already read (one statement less). */
  async seatsOf(db: DbOrTrx, capacities: readonly { legId: number; seats: number }[]): Promise<LegSeats[]> {
    const rows = await q.counterRows(
      db,
      capacities.map((c) => c.legId),
    );
    const counters = new Map(rows.map((r) => [r.flight_leg_id, r]));
    return capacities.map(({ legId, seats }) => {
      const r = counters.get(legId);
      const capacity = Number(r?.capacity ?? seats);
      const [sold, held, blocked] = [Number(r?.sold ?? 0), Number(r?.held ?? 0), Number(r?.blocked ?? 0)];
      return { legId, capacity, sold, held, blocked, available: capacity - sold - held - blocked };
    });
  }

  /**
   * Takes seats for a booking request on every leg it flies, as `held` (until paid) or
   * straight as `sold` (a payment approved after its hold was swept). All legs or none:
   * when one leg is short, what this call took is given back and it answers false.
   */
  async take(trx: DbOrTrx, requestId: number, needs: readonly LegNeed[], as: 'held' | 'sold' | 'blocked', now: Date): Promise<boolean> {
    const legs = mergeNeeds(needs);
    const at = now.toISOString();
    const generation = this.shortLegs?.generation ?? 0;
    const taken: LegNeed[] = [];
    for (const need of legs) {
      if (!(await q.takeSeats(trx, need.legId, need.seats, as, at))) {
        this.rememberShort(trx, need, generation);
        for (const t of taken) await q.moveSeats(trx, t.legId, t.seats, as, null, at);
        return false;
      }
      taken.push(need);
    }
    this.noteTaken(trx, legs);
    await q.insertHolds(trx, requestId, legs, as, at);
    this.seatsChanged(
      trx,
      legs.map((t) => t.legId),
    );
    return true;
  }

  private noteTaken(trx: DbOrTrx, needs: readonly LegNeed[]): void {
    if (!this.shortLegs || !inTransaction(trx)) return;
    const legs = this.takenIn.get(trx) ?? new Set<number>();
    for (const n of needs) legs.add(n.legId);
    this.takenIn.set(trx, legs);
  }

  /** A refused leg is remembered unless this same transaction took seats on it before (its rollback would give them back). */
  private rememberShort(trx: DbOrTrx, need: LegNeed, generation: number): void {
    if (this.takenIn.get(trx)?.has(need.legId)) return;
    this.shortLegs?.remember(need.legId, need.seats, generation);
  }

  /**
   * True when a leg of `needs` is known to lack its seats (a take was refused on it and no change
   * has touched it since): the caller may answer 409 without opening a transaction. False says
   * nothing: only the conditional take decides that seats are there.
   */
  knownShort(needs: readonly LegNeed[]): boolean {
    return this.shortLegs?.lacksSeats(mergeNeeds(needs)) ?? false;
  }

  /** Held seats of a request become sold. Returns false when nothing was held any more. */
  async sellHeld(trx: DbOrTrx, requestId: number, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const holds = (await q.holdsOf(trx, requestId)).filter((h) => h.status === 'held');
    if (holds.length === 0) return false;
    for (const h of holds) {
      if (await q.setHoldStatus(trx, h.id, 'held', 'sold', at)) await q.moveSeats(trx, h.flight_leg_id, h.seats, 'held', 'sold', at);
    }
    this.seatsChanged(
      trx,
      holds.map((h) => h.flight_leg_id),
    );
    return true;
  }

  /**
   * Gives back the held (or blocked) seats of a request. Idempotent and safe when two
   * sweepers release the same request: each hold row changes status once, and only the
   * caller that changed it gives the seats back. Returns the number of seats released.
   */
  async release(trx: DbOrTrx, requestId: number, now: Date): Promise<number> {
    const at = now.toISOString();
    let released = 0;
    for (const h of await q.holdsOf(trx, requestId)) {
      if (h.status !== 'held' && h.status !== 'blocked') continue;
      const from = h.status;
      if (await q.setHoldStatus(trx, h.id, from, 'released', at)) {
        await q.moveSeats(trx, h.flight_leg_id, h.seats, from, null, at);
        released += h.seats;
        this.seatsChanged(trx, [h.flight_leg_id]);
      }
    }
    return released;
  }

  /**
   * Sold seats given back by a ticket change (moved or cancelled tickets), recorded as
   * 'returned' rows of the change request. All or nothing: false when a leg has fewer sold.
   */
  async returnSold(trx: DbOrTrx, requestId: number, needs: readonly LegNeed[], now: Date): Promise<boolean> {
    const at = now.toISOString();
    const merged = mergeNeeds(needs).filter((n) => n.seats > 0);
    for (const need of merged) if (!(await q.returnSoldSeats(trx, need.legId, need.seats, at))) return false;
    if (merged.length) await q.insertHolds(trx, requestId, merged, 'returned', at);
    this.seatsChanged(
      trx,
      merged.map((n) => n.legId),
    );
    return true;
  }

  /**
   * A flight carries one pet (spec §1): claims its place for a request, inside the caller's
   * transaction with the seats. false = another active booking's pet has it.
   */
  claimPetPlace(trx: DbOrTrx, flightId: number, requestId: number, now: Date): Promise<boolean> {
    return q.claimPetPlace(trx, flightId, requestId, now.toISOString());
  }

  /** The pet left the flight (its ticket moved or was cancelled). */
  freePetPlace(trx: DbOrTrx, flightId: number): Promise<void> {
    return q.freePetPlace(trx, flightId);
  }

  /** Holds of a request, by leg (for tests, staff screens and the booking service). */
  holds(db: DbOrTrx, requestId: number) {
    return q.holdsOf(db, requestId);
  }
}

/** One entry per leg, ascending leg id: the fixed order every writer follows. */
function mergeNeeds(needs: readonly LegNeed[]): LegNeed[] {
  const byLeg = new Map<number, number>();
  for (const n of needs) byLeg.set(n.legId, (byLeg.get(n.legId) ?? 0) + n.seats);
  return [...byLeg].map(([legId, seats]) => ({ legId, seats })).sort((a, b) => a.legId - b.legId);
}
