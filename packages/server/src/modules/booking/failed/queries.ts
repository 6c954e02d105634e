import { BOOKING_TYPE } from '@heliline/domain';
import type { DbOrTrx } from '../../../db/database.ts';
import { MONEY_RETURNED_REASONS } from '../requests/failure-reasons.ts';

/** SQL of the failed-bookings screen: the list, and the in-use / lock state of a row (booking_handling). */

/** Statuses a row of the screen can have: payment still open (seats held), refused or abandoned, deadline passed. */
export const LISTED_STATUSES = ['pending', 'failed', 'expired'] as const;
/** Also what a retry or a new payment link may start from. */
export const isListed = (status: string) => (LISTED_STATUSES as readonly string[]).includes(status);
/** Failures that are not the buyer's to retry: money was taken and is being given back. */
const NOT_LISTED_REASONS = Object.values(MONEY_RETURNED_REASONS);

/** A booking request with its creator's e-mail and its handling (in use by, locked by). */
function withHandling(db: DbOrTrx) {
  return db
    .selectFrom('booking_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('booking_handling as h', 'h.booking_request_id', 'r.id')
    .leftJoin('users as iu', 'iu.id', 'h.in_use_by')
    .leftJoin('users as lu', 'lu.id', 'h.locked_by')
    .selectAll('r')
    .select(['u.email as creator_email', 'h.in_use_by', 'h.in_use_since', 'h.locked', 'iu.email as in_use_email', 'lu.email as locked_email']);
}

/** Booking requests of the list, newest first, with the creator's and the handlers' e-mails. */
export function failedSince(db: DbOrTrx, since: string) {
  return withHandling(db)
    .where('r.created_at', '>=', since)
    .where('r.status', 'in', [...LISTED_STATUSES])
    .where('r.type', '!=', BOOKING_TYPE.block)
    .where((eb) => eb.or([eb('r.failure_reason', 'is', null), eb('r.failure_reason', 'not in', NOT_LISTED_REASONS)]))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}
export type FailedRow = Awaited<ReturnType<typeof failedSince>>[number];

/** One request of the list by code (same columns), or undefined. */
export function failedByCode(db: DbOrTrx, code: string) {
  return withHandling(db).where('r.code', '=', code).executeTakeFirst();
}

/** Creates the handling row of a request (unlocked, not in use); an existing one stays. */
export async function ensureHandling(db: DbOrTrx, requestId: number, now: string): Promise<void> {
  await db
    .insertInto('booking_handling')
    .values({ booking_request_id: requestId, in_use_by: null, in_use_since: null, locked: 0, locked_by: null, updated_at: now })
    .onConflict((oc) => oc.column('booking_request_id').doNothing())
    .execute();
}

/** Frees the row this user has in use, except `keep` (one row at a time per user). */
export async function releaseOthersOf(db: DbOrTrx, userId: number, keepRequestId: number, now: string) {
  return db
    .updateTable('booking_handling')
    .set({ in_use_by: null, in_use_since: null, updated_at: now })
    .where('in_use_by', '=', userId)
    .where('booking_request_id', '!=', keepRequestId)
    .returning('booking_request_id')
    .execute();
}

/** Marks the row in use by this user, only if nobody else has it (a stale claim older than `staleBefore` counts as free). 1 = done. */
export async function claim(db: DbOrTrx, requestId: number, userId: number, now: string, staleBefore: string): Promise<boolean> {
  const res = await db
    .updateTable('booking_handling')
    .set({ in_use_by: userId, in_use_since: now, updated_at: now })
    .where('booking_request_id', '=', requestId)
    .where((eb) => eb.or([eb('in_use_by', 'is', null), eb('in_use_by', '=', userId), eb('in_use_since', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Frees the row only if this user has it. 1 = done. */
export async function unclaim(db: DbOrTrx, requestId: number, userId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('booking_handling')
    .set({ in_use_by: null, in_use_since: null, updated_at: now })
    .where('booking_request_id', '=', requestId)
    .where('in_use_by', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Locks or unlocks the row only if it is in the opposite state and nobody else has it in use
 * (a stale claim counts as free). 1 = this caller changed it.
 */
export async function setLock(db: DbOrTrx, requestId: number, userId: number, locked: boolean, now: string, staleBefore: string): Promise<boolean> {
  const res = await db
    .updateTable('booking_handling')
    .set({ locked: locked ? 1 : 0, locked_by: locked ? userId : null, updated_at: now })
    .where('booking_request_id', '=', requestId)
    .where('locked', '=', locked ? 0 : 1)
    .where((eb) => eb.or([eb('in_use_by', 'is', null), eb('in_use_by', '=', userId), eb('in_use_since', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** After removal nobody has the row in use any more. */
export async function clearHandling(db: DbOrTrx, requestId: number, now: string): Promise<void> {
  await db.updateTable('booking_handling').set({ in_use_by: null, in_use_since: null, updated_at: now }).where('booking_request_id', '=', requestId).execute();
}

/** Code and status of requests by id (to name the row released by a new selection). */
export function requestsByIds(db: DbOrTrx, requestIds: readonly number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('booking_requests').select(['id', 'code', 'status']).where('id', 'in', requestIds).execute();
}

/** The legs a request held (released holds included): its own part of each flight. */
export function heldLegIds(db: DbOrTrx, requestIds: readonly number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('seat_holds').select(['booking_request_id', 'flight_leg_id']).where('booking_request_id', 'in', requestIds).execute();
}

/** Passengers of several requests at once (the list shows them all). */
export function passengersOfMany(db: DbOrTrx, requestIds: readonly number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('booking_passengers').selectAll().where('booking_request_id', 'in', requestIds).orderBy('booking_request_id').orderBy('position').execute();
}
export type FailedPassengerRow = Awaited<ReturnType<typeof passengersOfMany>>[number];

/** Writes the handling row first thing: on PostgreSQL it stays locked until commit. */
export async function touchHandling(db: DbOrTrx, requestId: number, now: string): Promise<void> {
  await db.updateTable('booking_handling').set({ updated_at: now }).where('booking_request_id', '=', requestId).execute();
}

/**
 * A failed or expired request waits for payment again (a new payment link): pending with a new
 * deadline, only if it still has `from`. 1 = done. The failure stays in booking_events.
 */
export async function revive(db: DbOrTrx, requestId: number, from: string, holdExpiresAt: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('booking_requests')
    .set({ status: 'pending', hold_expires_at: holdExpiresAt, hold_extended: 0, failure_reason: null, bank_message: null, error_code: null, updated_at: now })
    .where('id', '=', requestId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
