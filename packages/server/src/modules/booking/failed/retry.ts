import { BOOKING_TYPE, can, type TBookingStoreBody } from '@heliline/domain';
import type { Db, DbOrTrx } from '../../../db/database.ts';
import { AppError, validationError } from '../../../http/errors.ts';
import type { AuditLog } from '../../audit/service.ts';
import type { InventoryService } from '../../inventory/service.ts';
import type { AuthUser } from '../../sessions/service.ts';
import { findRequestByCode, insertEvent, lockRequest, transition } from '../requests/queries.ts';
import { HandlingConflict } from './errors.ts';
import * as q from './queries.ts';
import { isListed } from './queries.ts';
import { inUseBy, staleBefore } from './view.ts';

/**
 * Retry (spec §6, §7: POST /api/bookings with retry, previousBooking, pending): Prenotazioni and
 * PrenotaFull start a new booking in place of one of their own that did not complete. The store
 * path calls check() before anything is written and closePrevious() inside the new booking's
 * transaction, before its seats are taken: the previous booking is closed (status deleted,
 * "retried as …") and its held seats released there, so the new booking takes them in the same
 * transaction and nobody ever sees both or neither holding them. If the new booking cannot
 * take its seats the whole transaction rolls back and the previous one keeps its own.
 */
export class BookingRetry {
  constructor(private readonly deps: { db: Db; inventory: Pick<InventoryService, 'release'>; audit: Pick<AuditLog, 'status'>; now?: () => Date }) {}

  /** 403 without the role, 404 for someone else's or an unknown booking, 409 when it is no longer retriable. Returns the previous code, or null when the body is not a retry. */
  async check(user: AuthUser, body: Pick<TBookingStoreBody, 'retry' | 'previousBooking'>): Promise<string | null> {
    if (!body.retry) return null;
    if (!can(user.roles, 'booking.paymentLink')) throw new AppError('forbidden', 'forbidden');
    if (!body.previousBooking) throw validationError('previousBooking', 'required');
    const row = await findRequestByCode(this.deps.db, body.previousBooking);
    if (!row || row.user_id !== user.id || row.type === BOOKING_TYPE.block) throw new AppError('notFound', 'notFound');
    if (!isListed(row.status)) throw new HandlingConflict('retryNotPossible', { code: row.code });
    return row.code;
  }

  /** Inside the new booking's transaction, before its seats are taken. */
  async closePrevious(trx: DbOrTrx, previousCode: string, newCode: string, actor: string, now: Date): Promise<void> {
    const at = now.toISOString();
    const row = await lockRequest(trx, previousCode, at);
    if (!row || !isListed(row.status)) throw new HandlingConflict('retryNotPossible', { code: previousCode });
    const handled = await q.failedByCode(trx, previousCode);
    const holder = handled ? inUseBy(handled, staleBefore(now)) : null;
    if (holder !== null && `user:${holder}` !== actor) throw new HandlingConflict('failedInUseBy', { code: previousCode, user: handled?.in_use_email ?? '' });
    if (!(await transition(trx, row.id, row.status, 'deleted', at, { failure_reason: `retried as ${newCode}` }))) {
      throw new HandlingConflict('retryNotPossible', { code: previousCode });
    }
    const seats = row.status === 'pending' ? await this.deps.inventory.release(trx, row.id, now) : 0;
    await q.clearHandling(trx, row.id, at);
    await insertEvent(trx, { requestId: row.id, from: row.status, to: 'deleted', actor, reason: `retried as booking ${newCode}; ${seats} seat(s) passed on`, at });
    await this.deps.audit.status(trx, row.code, actor, 'retried', row.status, 'deleted', { retried_as: newCode, seats });
  }
}
