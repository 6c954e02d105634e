import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

/** SQL of the seat inventory. Only inventory/service.ts calls these. */

export interface LegSeats {
  legId: number;
  capacity: number;
  sold: number;
  held: number;
  blocked: number;
  available: number;
}

/**
 * Takes `seats` on one leg only if they are free, in one statement that also creates the leg's
 * counter row (capacity = its aircraft's seats) the first time anyone books it. The conditional
 * DO UPDATE re-checks availability on the row it locks, so two concurrent callers can never both
 * pass; a new row is inserted only if the aircraft has the seats (true = taken, false = not enough).
 */
export async function takeSeats(db: DbOrTrx, legId: number, seats: number, column: 'held' | 'sold' | 'blocked', now: string): Promise<boolean> {
  const taken = await db
    .insertInto('leg_inventory')
    .columns(['flight_leg_id', 'capacity', 'sold', 'held', 'blocked', 'updated_at'])
    .expression(
      db
        .selectFrom('flight_legs as l')
        .innerJoin('flights as f', 'f.id', 'l.flight_id')
        .innerJoin('aircraft as a', 'a.id', 'f.aircraft_id')
        .select([
          'l.id',
          'a.seats',
          (column === 'sold' ? sql<number>`cast(${seats} as integer)` : sql<number>`0`).as('sold'),
          (column === 'held' ? sql<number>`cast(${seats} as integer)` : sql<number>`0`).as('held'),
          (column === 'blocked' ? sql<number>`cast(${seats} as integer)` : sql<number>`0`).as('blocked'),
          sql<string>`cast(${now} as varchar(32))`.as('updated_at'),
        ])
        .where('l.id', '=', legId)
        .where('a.seats', '>=', seats),
    )
    .onConflict((oc) =>
      oc
        .column('flight_leg_id')
        .doUpdateSet((eb) => ({ [column]: eb(`leg_inventory.${column}`, '+', seats), updated_at: now }))
        .where(sql<number>`leg_inventory.capacity - leg_inventory.sold - leg_inventory.held - leg_inventory.blocked`, '>=', seats),
    )
    .returning('flight_leg_id')
    .execute();
  return taken.length === 1;
}

/** Moves seats between counters (held → sold, held → released …) of one leg. */
export async function moveSeats(
  db: DbOrTrx,
  legId: number,
  seats: number,
  from: 'held' | 'blocked' | 'sold' | null,
  to: 'held' | 'blocked' | 'sold' | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('leg_inventory')
    .set((eb) => ({
      ...(from ? { [from]: eb(from, '-', seats) } : {}),
      ...(to ? { [to]: eb(to, '+', seats) } : {}),
      updated_at: now,
    }))
    .where('flight_leg_id', '=', legId)
    .execute();
}

export async function insertHolds(db: DbOrTrx, requestId: number, legs: readonly { legId: number; seats: number }[], status: string, now: string) {
  const rows = legs.map((l) => ({ booking_request_id: requestId, flight_leg_id: l.legId, seats: l.seats, status, created_at: now, updated_at: now }));
  if (rows.length) await db.insertInto('seat_holds').values(rows).execute();
}

export function holdsOf(db: DbOrTrx, requestId: number) {
  return db.selectFrom('seat_holds').select(['id', 'flight_leg_id', 'seats', 'status']).where('booking_request_id', '=', requestId).orderBy('flight_leg_id').execute();
}

/** Changes a hold's status only if it still has the expected one (1 = this caller did it). */
export async function setHoldStatus(db: DbOrTrx, holdId: number, from: string, to: string, now: string): Promise<boolean> {
  const res = await db.updateTable('seat_holds').set({ status: to, updated_at: now }).where('id', '=', holdId).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The counter rows of these legs (legs nobody has booked yet have none). */
export function counterRows(db: DbOrTrx, legIds: readonly number[]) {
  if (legIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('leg_inventory').select(['flight_leg_id', 'capacity', 'sold', 'held', 'blocked']).where('flight_leg_id', 'in', legIds).execute();
}

/** Gives back `seats` sold seats of one leg, only if that many are sold (1 row = done). */
export async function returnSoldSeats(db: DbOrTrx, legId: number, seats: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('leg_inventory')
    .set((eb) => ({ sold: eb('sold', '-', seats), updated_at: now }))
    .where('flight_leg_id', '=', legId)
    .where('sold', '>=', seats)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- the one pet place per flight (flight_pets, migration 006) --------------------------------

/**
 * Statuses of a booking request that keep its pet's place: those that keep seats, plus 'paying'
 * (a ticket change whose payment is being captured).
 */
const PET_KEEPING_STATUSES = ['pending', 'blocked', 'paid', 'ticketed', 'paying'];

/**
 * Claims the flight's one pet place for a request. The primary key on flight_id makes two
 * concurrent claims collide (the second waits on PostgreSQL, SQLite has one writer); a place
 * whose request no longer keeps it is taken over with a conditional UPDATE. true = claimed.
 */
export async function claimPetPlace(db: DbOrTrx, flightId: number, requestId: number, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('flight_pets')
    .values({ flight_id: flightId, booking_request_id: requestId, updated_at: now })
    .onConflict((oc) => oc.column('flight_id').doNothing())
    .returning('flight_id')
    .executeTakeFirst();
  if (inserted) return true;
  const holder = await db
    .selectFrom('flight_pets')
    .innerJoin('booking_requests', 'booking_requests.id', 'flight_pets.booking_request_id')
    .select(['flight_pets.booking_request_id as requestId', 'booking_requests.status'])
    .where('flight_pets.flight_id', '=', flightId)
    .executeTakeFirst();
  if (!holder) return false;
  if (holder.requestId === requestId) return true;
  if (PET_KEEPING_STATUSES.includes(holder.status)) return false;
  const res = await db
    .updateTable('flight_pets')
    .set({ booking_request_id: requestId, updated_at: now })
    .where('flight_id', '=', flightId)
    .where('booking_request_id', '=', holder.requestId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The pet left this flight (moved or cancelled): its place is free again. */
export async function freePetPlace(db: DbOrTrx, flightId: number): Promise<void> {
  await db.deleteFrom('flight_pets').where('flight_id', '=', flightId).execute();
}
