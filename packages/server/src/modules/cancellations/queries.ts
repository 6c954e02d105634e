import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { CancellationNoticesTable } from '../../db/schema-cancellations.ts';

/** SQL of weather cancellations: the cancellation, its notices, the live tickets of a flight. */

export async function insertCancellation(db: DbOrTrx, row: { flight_id: number; leg_id: number | null; reason: string; created_by: number; created_at: string }) {
  const r = await db.insertInto('flight_cancellations').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function findCancellation(db: DbOrTrx, id: number) {
  return db.selectFrom('flight_cancellations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listCancellations(db: DbOrTrx) {
  return db.selectFrom('flight_cancellations').selectAll().orderBy('id', 'desc').limit(200).execute();
}

export function cancellationsOfFlights(db: DbOrTrx, flightIds: readonly number[]) {
  if (!flightIds.length) return Promise.resolve([]);
  return db.selectFrom('flight_cancellations').select(['id', 'flight_id']).where('flight_id', 'in', flightIds).orderBy('id').execute();
}

/** Tickets on these flights that were neither moved nor cancelled. */
export function liveTicketsOfFlights(db: DbOrTrx, flightIds: readonly number[]) {
  if (!flightIds.length) return Promise.resolve([]);
  return db
    .selectFrom('tickets as t')
    .leftJoin('ticket_changes as m', 'm.ticket_nr', 't.ticket_nr')
    .selectAll('t')
    .where('t.flight_id', 'in', flightIds)
    .where('m.ticket_nr', 'is', null)
    .orderBy('t.booking_code')
    .orderBy('t.passenger_key')
    .execute();
}

export async function insertNotice(db: DbOrTrx, row: Insertable<CancellationNoticesTable>): Promise<number> {
  return (await db.insertInto('cancellation_notices').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function noticeByHash(db: DbOrTrx, tokenHash: string) {
  return db.selectFrom('cancellation_notices').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function noticesOf(db: DbOrTrx, cancellationId: number) {
  return db.selectFrom('cancellation_notices').selectAll().where('cancellation_id', '=', cancellationId).orderBy('group_code').execute();
}

export async function noticeCounts(db: DbOrTrx, cancellationIds: readonly number[]) {
  if (!cancellationIds.length) return [];
  return db
    .selectFrom('cancellation_notices')
    .select(['cancellation_id', db.fn.countAll<number>().as('n'), db.fn.count<number>('choice').as('answered')])
    .where('cancellation_id', 'in', cancellationIds)
    .groupBy('cancellation_id')
    .execute();
}

/** Claims the notice for a choice: exactly one caller gets true. */
export async function claimChoice(db: DbOrTrx, id: number, choice: string, at: string): Promise<boolean> {
  const r = await db.updateTable('cancellation_notices').set({ choice, chosen_at: at }).where('id', '=', id).where('choice', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives a claim back when the choice could not be carried out (nothing was changed). */
export async function releaseChoice(db: DbOrTrx, id: number, choice: string): Promise<void> {
  await db.updateTable('cancellation_notices').set({ choice: null, chosen_at: null, choice_detail: null }).where('id', '=', id).where('choice', '=', choice).execute();
}

export async function setChoiceDetail(db: DbOrTrx, id: number, detail: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('cancellation_notices')
    .set({ choice_detail: JSON.stringify(detail) })
    .where('id', '=', id)
    .execute();
}

/** Unanswered, never reminded notices sent at or before `sentBefore`. */
export function dueReminders(db: DbOrTrx, sentBefore: string, limit = 100) {
  return db
    .selectFrom('cancellation_notices')
    .selectAll()
    .where('choice', 'is', null)
    .where('reminded_at', 'is', null)
    .where('created_at', '<=', sentBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks the reminder as sent: exactly one instance gets true, so it goes out once. */
export async function claimReminder(db: DbOrTrx, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('cancellation_notices')
    .set({ reminded_at: at })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .where('choice', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Which of these tickets are still live (neither moved nor cancelled). */
export async function liveOf(db: DbOrTrx, ticketNrs: readonly string[]): Promise<Set<string>> {
  if (!ticketNrs.length) return new Set();
  const marked = await db.selectFrom('ticket_changes').select('ticket_nr').where('ticket_nr', 'in', ticketNrs).execute();
  const gone = new Set(marked.map((m) => m.ticket_nr));
  return new Set(ticketNrs.filter((nr) => !gone.has(nr)));
}
