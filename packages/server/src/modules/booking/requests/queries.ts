import { type Insertable, type Selectable, sql } from 'kysely';
import type { DbOrTrx } from '../../../db/database.ts';
import type { BookingPassengersTable, BookingPriceLinesTable, BookingRequestsTable } from '../../../db/schema-booking.ts';

/** SQL of booking requests, their passengers, prices and events. */

export type BookingRequestRow = Selectable<BookingRequestsTable>;
export type NewBookingRequest = Insertable<BookingRequestsTable>;
export type PassengerRow = Selectable<BookingPassengersTable>;
export type PriceLineRow = Selectable<BookingPriceLinesTable>;

// ---- booking requests ---------------------------------------------------------------------

/** Inserts the request unless its code is taken (then null: the unique key decides, in one statement). */
export async function insertRequestIfNewCode(db: DbOrTrx, row: NewBookingRequest): Promise<number | null> {
  const inserted = await db
    .insertInto('booking_requests')
    .values(row)
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export function findRequestByCode(db: DbOrTrx, code: string): Promise<BookingRequestRow | undefined> {
  return db.selectFrom('booking_requests').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findRequest(db: DbOrTrx, id: number): Promise<BookingRequestRow | undefined> {
  return db.selectFrom('booking_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Writes the row first thing in a transaction: on PostgreSQL this locks it until commit (a
 * portable SELECT … FOR UPDATE), on SQLite the transaction already holds the write lock.
 */
export async function lockRequest(db: DbOrTrx, code: string, now: string): Promise<BookingRequestRow | undefined> {
  await db.updateTable('booking_requests').set({ updated_at: now }).where('code', '=', code).execute();
  return findRequestByCode(db, code);
}

/** Moves a request from one status to another only if it still has `from` (1 = done). */
export async function transition(
  db: DbOrTrx,
  id: number,
  from: string,
  to: string,
  now: string,
  extra: Partial<Pick<BookingRequestRow, 'bank_message' | 'error_code' | 'failure_reason' | 'payment_id'>> = {},
  onlyIfExpiredBefore?: string,
): Promise<boolean> {
  let q = db
    .updateTable('booking_requests')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', id)
    .where('status', '=', from);
  if (onlyIfExpiredBefore) q = q.where('hold_expires_at', '<=', onlyIfExpiredBefore);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The one-time extension: only a pending, not yet expired, never extended request. */
export async function extendHold(db: DbOrTrx, id: number, newExpiry: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('booking_requests')
    .set({ hold_expires_at: newExpiry, hold_extended: 1, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('hold_extended', '=', 0)
    .where('hold_expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- passengers, prices, events -----------------------------------------------------------

export async function insertPassengers(db: DbOrTrx, rows: Insertable<BookingPassengersTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('booking_passengers').values(rows).execute();
}

export async function insertPriceLines(db: DbOrTrx, rows: Insertable<BookingPriceLinesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('booking_price_lines').values(rows).execute();
}

export function passengersOf(db: DbOrTrx, requestId: number): Promise<PassengerRow[]> {
  return db.selectFrom('booking_passengers').selectAll().where('booking_request_id', '=', requestId).orderBy('position').execute();
}

export function priceLinesOf(db: DbOrTrx, requestId: number): Promise<PriceLineRow[]> {
  return db.selectFrom('booking_price_lines').selectAll().where('booking_request_id', '=', requestId).orderBy('position').orderBy('direction', 'desc').execute();
}

type NewEvent = { requestId: number; from: string | null; to: string; actor: string; reason: string | null; at: string };

export async function insertEvent(db: DbOrTrx, event: NewEvent) {
  await db
    .insertInto('booking_events')
    .values({
      booking_request_id: event.requestId,
      from_status: event.from,
      to_status: event.to,
      actor: event.actor,
      reason: event.reason?.slice(0, 255) ?? null,
      created_at: event.at,
    })
    .execute();
}

export function eventsOf(db: DbOrTrx, requestId: number) {
  return db.selectFrom('booking_events').selectAll().where('booking_request_id', '=', requestId).orderBy('id').execute();
}

/** Development/e2e: moves a pending request's deadline to now, so the next sweep expires it. */
export async function expireNow(db: DbOrTrx, code: string, now: string) {
  await db.updateTable('booking_requests').set({ hold_expires_at: now }).where('code', '=', code).where('status', '=', 'pending').execute();
}

// ---- staff: pets, staff payments ----------------------------------------------------------

export async function insertStaffPayment(db: DbOrTrx, row: { requestId: number; type: number; account: string; amountCents: number; takenBy: number; at: string }) {
  await db
    .insertInto('staff_payments')
    .values({ booking_request_id: row.requestId, type: row.type, account: row.account, amount_cents: row.amountCents, taken_by: row.takenBy, created_at: row.at })
    .execute();
}

/** Pending requests and blocked bookings past their deadline, oldest first (the sweeper's work). */
/** Requests failed over an approved payment whose refund was never recorded (a crash cut the refund short). */
export function refundsDue(db: DbOrTrx, reasons: readonly string[], limit: number) {
  return db
    .selectFrom('booking_requests')
    .select(['id', 'code', 'payment_id'])
    .where('status', '=', 'failed')
    .where('failure_reason', 'in', [...reasons])
    .where('payment_id', 'is not', null)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

export function expiredHolds(db: DbOrTrx, now: string, limit: number) {
  return db
    .selectFrom('booking_requests')
    .select(['id', 'code', 'status', 'payment_id'])
    .where('status', 'in', ['pending', 'blocked'])
    .where('hold_expires_at', '<=', now)
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
}

// ---- seats held per buyer (hold-limit.ts) -------------------------------------------------

/** A buyer whose unpaid holds are counted: the account, and the hashed client address unless allow-listed. */
export interface HoldSubjects {
  userId: number;
  holdIp: string | null;
}

interface HeldSeats {
  seats: number;
  firstExpiry: string | null;
}

export interface HeldBy {
  user: HeldSeats;
  ip: HeldSeats | null;
}

/** PostgreSQL: advisory locks held to the end of the transaction, taken in the order given. */
export async function takeAdvisoryLocks(db: DbOrTrx, keys: readonly string[]): Promise<void> {
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

/**
 * Seats held unpaid by one buyer, counted by account and by hashed address in one statement: per
 * pending request, the seats of its legs still held (the same number on every leg, so the
 * largest), summed per subject; and when the first of those holds ends.
 */
export async function heldSeatsBy(db: DbOrTrx, by: HoldSubjects, now: string): Promise<HeldBy> {
  const byUser = heldPerRequest(db, 'user', now, by.userId);
  const row = await heldTotals(db, by.holdIp ? byUser.unionAll(heldPerRequest(db, 'ip', now, by.holdIp)) : byUser).executeTakeFirst();
  const user = { seats: Number(row?.user_seats ?? 0), firstExpiry: row?.user_first ?? null };
  return { user, ip: by.holdIp ? { seats: Number(row?.ip_seats ?? 0), firstExpiry: row?.ip_first ?? null } : null };
}

/** One branch per subject (UNION ALL, not OR): each walks its own (subject, status, expiry) index. */
function heldPerRequest(db: DbOrTrx, subject: 'user' | 'ip', now: string, value: number | string) {
  return db
    .selectFrom('booking_requests')
    .innerJoin('seat_holds', 'seat_holds.booking_request_id', 'booking_requests.id')
    .select([sql.lit(subject).as('subject'), 'booking_requests.hold_expires_at', sql<number>`max(seat_holds.seats)`.as('seats')])
    .where('booking_requests.status', '=', 'pending')
    .where('seat_holds.status', '=', 'held')
    .where('booking_requests.hold_expires_at', '>', now)
    .where(subject === 'user' ? 'booking_requests.user_id' : 'booking_requests.hold_ip', '=', value)
    .groupBy(['booking_requests.id', 'booking_requests.hold_expires_at']);
}

function heldTotals(db: DbOrTrx, perRequest: ReturnType<typeof heldPerRequest>) {
  return db
    .selectFrom(perRequest.as('per_request'))
    .select([
      sql<number | string | null>`sum(case when per_request.subject = 'user' then per_request.seats end)`.as('user_seats'),
      sql<string | null>`min(case when per_request.subject = 'user' then per_request.hold_expires_at end)`.as('user_first'),
      sql<number | string | null>`sum(case when per_request.subject = 'ip' then per_request.seats end)`.as('ip_seats'),
      sql<string | null>`min(case when per_request.subject = 'ip' then per_request.hold_expires_at end)`.as('ip_first'),
    ]);
}
