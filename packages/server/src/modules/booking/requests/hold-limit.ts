import { exemptFromHoldLimit } from '@heliline/domain';
import { type DbOrTrx, onPostgres } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { type HeldBy, type HoldSubjects, heldSeatsBy, takeAdvisoryLocks } from './queries.ts';

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
 * two concurrent holds cannot both pass it; SQLite runs write transactions one after the other.
 * The roles that hold seats for their work are exempt (domain exemptFromHoldLimit); Prenota is not.
 */
export class HoldLimit {
  /** `ipAllowList`: addresses not counted (RATE_LIMIT_ALLOW_LIST: the browser-test runner); their accounts still are. */
  constructor(
    private readonly maxSeats: number,
    private readonly ipAllowList: readonly string[] = [],
  ) {}

  /** Whose holds count against this holder's booking; null for an exempt role. */
  subjectsOf(holder: HoldHolder): HoldSubjects | null {
    if (exemptFromHoldLimit(holder.roles)) return null;
    const holdIp = holder.clientIp && this.ipAllowList.includes(holder.clientIp) ? null : holdIpOf(holder.clientIp);
    return { userId: holder.userId, holdIp };
  }

  /**
   * 429 when this booking's seats would take the buyer past the limit; run in the hold's
   * transaction before its request row, so a 429 writes nothing. On PostgreSQL the transaction
   * first takes an advisory lock per buyer (the account's before the address's, so two buyers
   * behind one address never wait on each other in a cycle): under READ COMMITTED two holds of
   * one buyer could otherwise both count before either commits. The count is a statement of its
   * own, after the locks, so its snapshot sees every hold committed before them (decision 043).
   */
  async check(trx: DbOrTrx, subjects: HoldSubjects | null, seats: number, now: Date): Promise<void> {
    if (!subjects) return;
    if (onPostgres(trx)) {
      const keys = [`heliline:hold-limit:user:${subjects.userId}`, ...(subjects.holdIp ? [`heliline:hold-limit:ip:${subjects.holdIp}`] : [])];
      await takeAdvisoryLocks(trx, keys);
    }
    this.judge(await heldSeatsBy(trx, subjects, now.toISOString()), seats, now);
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
