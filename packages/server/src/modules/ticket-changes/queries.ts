import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { BookingRequestsTable } from '../../db/schema-booking.ts';
import type { PaypalOrdersTable, TicketChangeRequestsTable } from '../../db/schema-ticket-changes.ts';

/**
 * SQL of ticket changes. A change request is a booking_requests row of channel CHANGE (so the
 * inventory's holds and the booking sweeper work on it unchanged) plus its ticket_change_requests
 * row; PayPal orders are ours to record.
 */
export const CHANGE_CHANNEL = 'CHANGE';

export type ChangeRequestRow = Selectable<BookingRequestsTable> & Selectable<TicketChangeRequestsTable>;
export type PaypalOrderRow = Selectable<PaypalOrdersTable>;

export async function codeExists(db: DbOrTrx, code: string): Promise<boolean> {
  return (await db.selectFrom('booking_requests').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export async function insertRequest(db: DbOrTrx, row: Insertable<BookingRequestsTable>): Promise<number> {
  const { id } = await db.insertInto('booking_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertChange(db: DbOrTrx, row: Insertable<TicketChangeRequestsTable>): Promise<void> {
  await db.insertInto('ticket_change_requests').values(row).execute();
}

function changes(db: DbOrTrx) {
  return db.selectFrom('ticket_change_requests as c').innerJoin('booking_requests as r', 'r.id', 'c.booking_request_id').selectAll('r').selectAll('c');
}

export function findByUuid(db: DbOrTrx, uuid: string): Promise<ChangeRequestRow | undefined> {
  return changes(db).where('c.uuid', '=', uuid).executeTakeFirst();
}

export function findByCode(db: DbOrTrx, code: string): Promise<ChangeRequestRow | undefined> {
  return changes(db).where('r.code', '=', code).executeTakeFirst();
}

export function findById(db: DbOrTrx, id: number): Promise<ChangeRequestRow | undefined> {
  return changes(db).where('c.booking_request_id', '=', id).executeTakeFirst();
}

/** A change of this group still waiting for its payment (pending or being captured). */
export function openChangeOfGroup(db: DbOrTrx, groupCode: string, now: string): Promise<ChangeRequestRow | undefined> {
  return changes(db)
    .where('c.group_code', '=', groupCode)
    .where((eb) => eb.or([eb('r.status', '=', 'paying'), eb.and([eb('r.status', '=', 'pending'), eb('r.hold_expires_at', '>', now)])]))
    .executeTakeFirst();
}

/** Changes left 'paying' since before `before`: a capture cut short (the sweeper settles them). */
export function payingSince(db: DbOrTrx, before: string): Promise<ChangeRequestRow[]> {
  return changes(db).where('r.status', '=', 'paying').where('r.updated_at', '<', before).orderBy('r.updated_at').limit(50).execute();
}

/** Writes the row first in a transaction: a portable row lock on PostgreSQL (SQLite holds the write lock already). */
export async function lockRequest(db: DbOrTrx, id: number, now: string): Promise<ChangeRequestRow | undefined> {
  await db.updateTable('booking_requests').set({ updated_at: now }).where('id', '=', id).execute();
  return findById(db, id);
}

/** Moves the request from one status to another only if it still has `from` (and, when given, its hold has not run out). */
export async function transition(db: DbOrTrx, id: number, from: string, to: string, now: string, opts: { holdAfter?: string; reason?: string } = {}): Promise<boolean> {
  let q = db
    .updateTable('booking_requests')
    .set({ status: to, updated_at: now, ...(opts.reason ? { failure_reason: opts.reason.slice(0, 255) } : {}) })
    .where('id', '=', id)
    .where('status', '=', from);
  if (opts.holdAfter) q = q.where('hold_expires_at', '>', opts.holdAfter);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function setApplied(db: DbOrTrx, id: number, now: string): Promise<void> {
  await db.updateTable('ticket_change_requests').set({ applied_at: now }).where('booking_request_id', '=', id).execute();
}

export async function setPaymentId(db: DbOrTrx, id: number, paymentId: string, now: string): Promise<void> {
  await db.updateTable('booking_requests').set({ payment_id: paymentId, updated_at: now }).where('id', '=', id).execute();
}

export async function insertEvent(db: DbOrTrx, e: { requestId: number; from: string | null; to: string; actor: string; reason: string; at: string }): Promise<void> {
  await db
    .insertInto('booking_events')
    .values({ booking_request_id: e.requestId, from_status: e.from, to_status: e.to, actor: e.actor, reason: e.reason.slice(0, 255), created_at: e.at })
    .execute();
}

/** Payment type of the bookings the tickets came from (1 card, -1 link …), by booking code. */
export async function bookingTypes(db: DbOrTrx, codes: readonly string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await db.selectFrom('booking_requests').select(['code', 'type']).where('code', 'in', codes).execute();
  return new Map(rows.map((r) => [r.code, Number(r.type)]));
}

// ---- PayPal orders ----------------------------------------------------------------------------

/** The gender each booking recorded for its passengers, by `code:position` (a ticket's booking_code and passenger_key). */
export async function passengerGenders(db: DbOrTrx, codes: readonly string[]): Promise<Map<string, 'M' | 'F'>> {
  if (!codes.length) return new Map();
  const rows = await db
    .selectFrom('booking_passengers as p')
    .innerJoin('booking_requests as r', 'r.id', 'p.booking_request_id')
    .select(['r.code', 'p.position', 'p.gender'])
    .where('r.code', 'in', codes)
    .execute();
  return new Map(rows.flatMap((r) => (r.gender === 'M' || r.gender === 'F' ? [[`${r.code}:${r.position}`, r.gender] as const] : [])));
}

export async function insertPaypalOrder(db: DbOrTrx, row: Insertable<PaypalOrdersTable>): Promise<void> {
  await db
    .insertInto('paypal_orders')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function findPaypalOrder(db: DbOrTrx, id: string): Promise<PaypalOrderRow | undefined> {
  return db.selectFrom('paypal_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countPaypalOrders(db: DbOrTrx, requestId: number): Promise<number> {
  const row = await db.selectFrom('paypal_orders').select(db.fn.countAll<number>().as('n')).where('booking_request_id', '=', requestId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updatePaypalOrder(db: DbOrTrx, id: string, set: Partial<Pick<PaypalOrderRow, 'status' | 'capture_id' | 'error_code'>>, now: string): Promise<void> {
  await db
    .updateTable('paypal_orders')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}
