import { isStaff } from '@heliline/domain';
import { type DbOrTrx, onPostgres } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { type HeldBy, type HoldSubjects, heldSeatsBy, insertRequestCountingHolds, insertRequestIfNewCode, type NewBookingRequest } from './queries.ts';

export interface HoldHolder {
  userId: number;
  roles: readonly string[];
  /** The client address; stored hashed on the request (booking_requests.hold_ip). */
  clientIp?: string;
}

export const holdIpOf = (clientIp: string | undefined): string | null => (clientIp ? sha256(`hold-ip:${clientIp}`) : null);

/**
 * Seats one buyer may hold unpaid at once (config HOLD_SEATS_PER_BUYER, default the largest cabin
 * of the fleet, so a family's or group's booking always fits). Checked inside the hold's own
 * transaction. On PostgreSQL that transaction first takes a lock per buyer (and per address), so
 * two concurrent holds cannot both pass it; SQLite's writer lock (BEGIN IMMEDIATE) already runs
 * them one after the other. Staff are exempt.
 */
export class HoldLimit {
  /** `ipAllowList`: addresses not counted (RATE_LIMIT_ALLOW_LIST: the browser-test runner); their accounts still are. */
  constructor(
    private readonly maxSeats: number,
    private readonly ipAllowList: readonly string[] = [],
  ) {}

  /** Whose holds count against this holder's booking; null for staff. */
  subjectsOf(holder: HoldHolder): HoldSubjects | null {
    if (isStaff(holder.roles)) return null;
    const holdIp = holder.clientIp && this.ipAllowList.includes(holder.clientIp) ? null : holdIpOf(holder.clientIp);
    return { userId: holder.userId, holdIp };
  }

  /**
   * How the hold's transaction opens (Transactions.run's options) so that `insertWithin` may
   * count in it: the advisory locks it takes first, the account's always before the address's
   * (two buyers behind one address never wait on each other in a cycle); and, on PostgreSQL, its
   * statements planned on the indexes, since the count is a named statement whose kept plan may
   * be built while `seat_holds` is still empty (decision 050).
   */
  transactionFor(subjects: HoldSubjects | null): { locks: string[]; indexPlans: boolean } {
    if (!subjects) return { locks: [], indexPlans: false };
    const locks = [`heliline:hold-limit:user:${subjects.userId}`, ...(subjects.holdIp ? [`heliline:hold-limit:ip:${subjects.holdIp}`] : [])];
    return { locks, indexPlans: true };
  }

  /**
   * Inserts a hold's request row (null when its code is taken), 429 past the limit; run in a
   * transaction opened as `transactionFor(subjects)` says, which a 429 rolls back. On PostgreSQL the row and
   * the count are one statement (decision 045); on SQLite, where a statement costs no round trip,
   * the count comes first.
   */
  async insertWithin(trx: DbOrTrx, subjects: HoldSubjects | null, seats: number, now: Date, row: NewBookingRequest): Promise<number | null> {
    if (!subjects) return insertRequestIfNewCode(trx, row);
    if (onPostgres(trx)) {
      const { id, held } = await insertRequestCountingHolds(trx, row, subjects, now.toISOString());
      this.judge(held, seats, now);
      return id;
    }
    this.judge(await heldSeatsBy(trx, subjects, now.toISOString()), seats, now);
    return insertRequestIfNewCode(trx, row);
  }

  private judge(held: HeldBy, seats: number, now: Date): void {
    for (const subject of [held.user, held.ip]) {
      if (subject && subject.seats + seats > this.maxSeats) throw tooManySeatsHeld(subject.firstExpiry, now);
    }
  }
}

/** 429 with the time until the first of the buyer's holds ends (then seats come free). */
function tooManySeatsHeld(firstExpiry: string | null, now: Date): AppError {
  const seconds = firstExpiry ? Math.ceil((new Date(firstExpiry).getTime() - now.getTime()) / 1000) : 60;
  return new AppError('tooManyRequests', 'holdSeatsLimit', {}, Math.max(1, seconds));
}
