import { BOOKING_TYPE, FAILED_BOOKINGS_CHANNEL, type Lang, localizedWith, type MessageKey, type TBookingLockBody, type TFailedBooking } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError } from '../../../http/errors.ts';
import type { AuditEntry, AuditLog } from '../../audit/service.ts';
import type { InventoryService } from '../../inventory/service.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { AuthUser } from '../../sessions/service.ts';
import { insertEvent, lockRequest, transition } from '../requests/queries.ts';
import { HandlingConflict } from './errors.ts';
import { HANDLED_NOTICE, type HandlingChange, type HandlingStep, release, select, setLocked } from './handling.ts';
import * as q from './queries.ts';
import { type FailedRow, isListed } from './queries.ts';
import { inUseBy, staleBefore, toFailedBooking } from './view.ts';

/** The audit rows of one handling change: the row itself, and a row the same user had selected before. */
const handledEntries = (c: HandlingChange, userId: number): AuditEntry[] => [
  { code: c.code, actor: `user:${userId}`, action: 'handled', detail: { handling: c.action } },
  ...c.alsoReleased.map((code) => ({ code, actor: `user:${userId}`, action: 'handled' as const, detail: { handling: 'released' } })),
];

/** The list covers the last 24 hours (spec §9). */
const FAILED_WINDOW_MS = 24 * 3600 * 1000;

export interface FailedBookingsDeps {
  db: Db;
  transactions: Transactions;
  inventory: Pick<InventoryService, 'release'>;
  schedule: Pick<ScheduleService, 'legsOfFlights'>;
  bus: EventBus;
  log: FastifyBaseLogger;
  audit: Pick<AuditLog, 'record' | 'status'>;
  now?: () => Date;
}

/**
 * Staff handling of booking requests whose payment did not complete (spec §2, §4): the list,
 * select / release / lock, removal (a pending one's seats freed through the inventory), each
 * change broadcast to the other staff on the private channel once it has committed.
 */
export class FailedBookingsService {
  private readonly now: () => Date;

  constructor(private readonly deps: FailedBookingsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** GET /api/bookings-failed: the last 24 hours, newest first, as the caller sees them. */
  async list(user: AuthUser, lang: Lang): Promise<TFailedBooking[]> {
    const now = this.now();
    const rows = await q.failedSince(this.deps.db, new Date(now.getTime() - FAILED_WINDOW_MS).toISOString());
    return this.views(rows, user.id, lang, now);
  }

  /** One row as the caller sees it now (answers of the lock call). */
  async one(code: string, user: AuthUser, lang: Lang): Promise<TFailedBooking> {
    const row = await q.failedByCode(this.deps.db, code);
    if (!row) throw new AppError('notFound', 'notFound');
    const [view] = await this.views([row], user.id, lang, this.now());
    return view!;
  }

  /** POST /api/bookings/lock: select or release (status), then lock or unlock (locked). */
  async lock(user: AuthUser, body: TBookingLockBody, socketId: string | null): Promise<HandlingChange[]> {
    const row = await this.handleable(body.code);
    // Releasing is always allowed (it only frees the row); taking or locking needs a row still on the list.
    if ((body.status === true || body.locked !== undefined) && !isListed(row.status)) throw new HandlingConflict('failedNoLongerFailed', { code: row.code });
    const changes = await this.deps.transactions.run(async (trx) => {
      const step = this.step(trx, row, user.id);
      const out: (HandlingChange | null)[] = [];
      if (body.status !== undefined) out.push(await (body.status ? select(step) : release(step)));
      if (body.locked !== undefined) out.push(await setLocked(step, body.locked));
      const done = out.filter((c): c is HandlingChange => c !== null);
      await this.deps.audit.record(trx, ...done.flatMap((c) => handledEntries(c, user.id)));
      return done;
    });
    for (const change of changes) await this.broadcastHandled(change, user, socketId);
    return changes;
  }

  /**
   * PUT /api/bookings-failed/{code}: the request becomes `deleted` (kept, not erased); a pending
   * one gives its seats back in the same transaction. Refused (409) when locked, in use by
   * someone else or no longer failed. Returns the seats freed.
   */
  async remove(user: AuthUser, code: string, socketId: string | null): Promise<{ code: string; freedSeats: number }> {
    const found = await this.handleable(code);
    const freedSeats = await this.deps.transactions.run(async (trx) => {
      const now = this.now();
      const at = now.toISOString();
      // Touch both rows first: on PostgreSQL they stay locked until commit, so a lock or a
      // selection made meanwhile either waits for us or is seen by the checks below.
      await q.ensureHandling(trx, found.id, at);
      await q.touchHandling(trx, found.id, at);
      await lockRequest(trx, code, at);
      const row = await q.failedByCode(trx, code);
      if (!row || !isListed(row.status)) throw new HandlingConflict('failedNoLongerFailed', { code });
      this.refuseIfHeld(row, user.id);
      if (!(await transition(trx, row.id, row.status, 'deleted', at))) throw new HandlingConflict('failedNoLongerFailed', { code });
      const freed = row.status === 'pending' ? await this.deps.inventory.release(trx, row.id, now) : 0;
      await q.clearHandling(trx, row.id, at);
      await insertEvent(trx, { requestId: row.id, from: row.status, to: 'deleted', actor: `user:${user.id}`, reason: `staff: removed; ${freed} seat(s) freed`, at });
      await this.deps.audit.status(trx, row.code, `user:${user.id}`, 'removed', row.status, 'deleted', { seats_freed: freed });
      return freed;
    });
    const key: MessageKey = freedSeats > 0 ? 'failedDiscardedSeatsFreed' : 'failedDiscarded';
    await this.publish({
      channel: FAILED_BOOKINGS_CHANNEL,
      event: 'BookingDiscarded',
      data: { code, user: user.email, freedSeats, messages: localizedWith(key, { code, user: user.email }) },
      exceptSocket: socketId,
    });
    return { code, freedSeats };
  }

  /** A booking request staff may handle here: exists and is not a blocked-seats reservation. */
  private async handleable(code: string): Promise<FailedRow> {
    const row = await q.failedByCode(this.deps.db, code);
    if (!row || row.type === BOOKING_TYPE.block) throw new AppError('notFound', 'notFound');
    return row;
  }

  private refuseIfHeld(row: FailedRow, userId: number): void {
    if (row.locked === 1) throw new HandlingConflict('failedLockedNoDelete', { code: row.code, user: row.locked_email ?? '' });
    const holder = inUseBy(row, staleBefore(this.now()));
    if (holder !== null && holder !== userId) throw new HandlingConflict('failedInUseBy', { code: row.code, user: row.in_use_email ?? '' });
  }

  private step(trx: HandlingStep['trx'], row: FailedRow, userId: number): HandlingStep {
    const now = this.now();
    return { trx, requestId: row.id, code: row.code, status: row.status, userId, at: now.toISOString(), staleBefore: staleBefore(now) };
  }

  private async views(rows: FailedRow[], userId: number, lang: Lang, now: Date): Promise<TFailedBooking[]> {
    const ids = rows.map((r) => r.id);
    const flightIds = [...new Set(rows.flatMap((r) => [r.departure_flight_id, ...(r.comeback_flight_id ? [r.comeback_flight_id] : [])]))];
    const [passengers, holds, legs] = await Promise.all([
      q.passengersOfMany(this.deps.db, ids),
      q.heldLegIds(this.deps.db, ids),
      this.deps.schedule.legsOfFlights(flightIds, this.deps.db),
    ]);
    return rows.map((row) =>
      toFailedBooking(row, {
        userId,
        lang,
        staleBefore: staleBefore(now),
        passengers: passengers.filter((p) => p.booking_request_id === row.id),
        legs,
        heldLegIds: new Set(holds.filter((h) => h.booking_request_id === row.id).map((h) => h.flight_leg_id)),
      }),
    );
  }

  private async broadcastHandled(change: HandlingChange, user: AuthUser, socketId: string | null): Promise<void> {
    const events = [change, ...change.alsoReleased.map((code) => ({ action: 'released' as const, code, alsoReleased: [] }))];
    for (const c of events) {
      const row = await q.failedByCode(this.deps.db, c.code);
      await this.publish({
        channel: FAILED_BOOKINGS_CHANNEL,
        event: 'BookingHandled',
        data: {
          code: c.code,
          user: user.email,
          status: c.action === 'selected',
          locked: row?.locked === 1,
          action: c.action,
          messages: localizedWith(HANDLED_NOTICE[c.action], { code: c.code, user: user.email }),
        },
        exceptSocket: socketId,
      });
    }
  }

  /** After commit; a bus failure is logged, never turned into a failed request (the change is done). */
  private async publish(event: Parameters<EventBus['publish']>[0]): Promise<void> {
    await this.deps.bus.publish(event).catch((err: unknown) => this.deps.log.error({ err, event: event.event }, 'realtime publish failed'));
  }
}
