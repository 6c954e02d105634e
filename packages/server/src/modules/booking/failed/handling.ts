import type { MessageKey } from '@heliline/domain';
import type { DbOrTrx } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { insertEvent } from '../requests/queries.ts';
import { HandlingConflict } from './errors.ts';
import * as q from './queries.ts';
import { inUseBy } from './view.ts';

/**
 * The in-use and lock changes of one row, each inside the caller's transaction. Every change
 * is a conditional UPDATE (two staff on one row: one wins, the other gets a 409 naming who
 * has it) and a booking_events row.
 */

export type HandledAction = 'selected' | 'released' | 'locked' | 'unlocked';

/** The notice of each change ('Prenotazione … in uso da …'), for the caller's answer and the broadcast. */
export const HANDLED_NOTICE: Record<HandledAction, MessageKey> = {
  selected: 'failedSelectedBy',
  released: 'failedReleasedBy',
  locked: 'failedLockedBy',
  unlocked: 'failedUnlockedBy',
};

export interface HandlingStep {
  trx: DbOrTrx;
  requestId: number;
  code: string;
  status: string;
  userId: number;
  at: string;
  staleBefore: string;
}

/** What changed, for the broadcast: this row, and a row the same user had selected before. */
export interface HandlingChange {
  action: HandledAction;
  code: string;
  alsoReleased: string[];
}

const event = (s: HandlingStep, reason: string) =>
  insertEvent(s.trx, { requestId: s.requestId, from: s.status, to: s.status, actor: `user:${s.userId}`, reason, at: s.at });

/** Who has the row now (after a refused UPDATE), to name them in the 409. */
async function current(s: HandlingStep) {
  const row = await q.failedByCode(s.trx, s.code);
  if (!row) throw new AppError('notFound', 'notFound');
  return { row, holder: inUseBy(row, s.staleBefore) };
}

/** Select: in use by me; the row I had before is released (one at a time). */
export async function select(s: HandlingStep): Promise<HandlingChange | null> {
  await q.ensureHandling(s.trx, s.requestId, s.at);
  const released = await q.releaseOthersOf(s.trx, s.userId, s.requestId, s.at);
  if (!(await q.claim(s.trx, s.requestId, s.userId, s.at, s.staleBefore))) {
    const { row } = await current(s);
    throw new HandlingConflict('failedInUseBy', { code: s.code, user: row.in_use_email ?? '' });
  }
  await event(s, 'staff: selected (in use)');
  const others = await q.requestsByIds(
    s.trx,
    released.map((r) => r.booking_request_id),
  );
  for (const o of others) {
    await insertEvent(s.trx, { requestId: o.id, from: o.status, to: o.status, actor: `user:${s.userId}`, reason: 'staff: released (another row selected)', at: s.at });
  }
  return { action: 'selected', code: s.code, alsoReleased: others.map((o) => o.code) };
}

/** Release: only the holder; a row nobody has is left as it is (null: nothing changed). */
export async function release(s: HandlingStep): Promise<HandlingChange | null> {
  await q.ensureHandling(s.trx, s.requestId, s.at);
  if (await q.unclaim(s.trx, s.requestId, s.userId, s.at)) {
    await event(s, 'staff: released');
    return { action: 'released', code: s.code, alsoReleased: [] };
  }
  const { row, holder } = await current(s);
  if (holder === null) return null;
  throw new HandlingConflict('failedInUseBy', { code: s.code, user: row.in_use_email ?? '' });
}

/** Lock or unlock: only from the opposite state, and not while someone else has the row in use. */
export async function setLocked(s: HandlingStep, locked: boolean): Promise<HandlingChange> {
  await q.ensureHandling(s.trx, s.requestId, s.at);
  if (await q.setLock(s.trx, s.requestId, s.userId, locked, s.at, s.staleBefore)) {
    await event(s, locked ? 'staff: locked' : 'staff: unlocked');
    return { action: locked ? 'locked' : 'unlocked', code: s.code, alsoReleased: [] };
  }
  const { row, holder } = await current(s);
  if (holder !== null && holder !== s.userId) throw new HandlingConflict('failedInUseBy', { code: s.code, user: row.in_use_email ?? '' });
  if (locked) throw new HandlingConflict('failedAlreadyLocked', { code: s.code, user: row.locked_email ?? '' });
  throw new HandlingConflict('failedAlreadyUnlocked', { code: s.code });
}
