import { type Insertable, sql } from 'kysely';
import { type DbOrTrx, fixedShape } from '../../db/database.ts';
import { fixedInsert } from '../../db/fixed-insert.ts';
import type { TableRows } from '../../db/insert-together.ts';
import type { Database } from '../../db/schema.ts';
import type { SeatHoldsTable } from '../../db/schema-booking.ts';

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
  return (await takeSeatsAs[column](db, legId, seats, now)).length === 1;
}

/** The statement of takeSeats, one per counter, built and compiled by Kysely once (db/database.ts fixedShape). */
const takeSeatsInto = (column: 'held' | 'sold' | 'blocked') =>
  fixedShape((db: DbOrTrx, legId: number, seats: number, now: string) =>
    db
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
      .returning('flight_leg_id'),
  );
const takeSeatsAs = { held: takeSeatsInto('held'), sold: takeSeatsInto('sold'), blocked: takeSeatsInto('blocked') };

/**
 * PostgreSQL: takeSeats on every leg and the request's hold rows in one statement (one round trip
 * instead of legs + 1). The legs are upserted in ascending id order with the same conditional
 * DO UPDATE as takeSeats; the hold rows are written only when every leg was taken. Returns the
 * legs taken: fewer than asked means the caller must give those back (or roll back).
 *
 * `along`: rows of other tables the caller writes in the same statement, whatever the seats' answer
 * (decision 046): a caller refused seats rolls them back with its transaction.
 */
export async function takeSeatsWithHolds(
  db: DbOrTrx,
  requestId: number,
  legs: readonly { legId: number; seats: number }[],
  column: 'held' | 'sold' | 'blocked',
  now: string,
  along: TableRows = {},
): Promise<number[]> {
  const sets: SeatsAtOnce = { take: [{ request_id: requestId, now }], need: legs.map((l) => ({ leg_id: l.legId, seats: l.seats })) };
  for (const [table, rows] of Object.entries(along)) if (rows?.length) sets[table] = rows;
  const rows = await takeAtOnceAs[column](db, sets);
  return rows.map((r) => Number(r.flight_leg_id));
}

/** The values of one seats-at-once statement: its request and time, the legs, and any rows alongside by table. */
type SeatsAtOnce = {
  take: readonly { request_id: number; now: string }[];
  need: readonly { leg_id: number; seats: number }[];
  [table: string]: readonly Record<string, unknown>[];
};

/** One statement per counter, compiled once per shape (legs, and the rows alongside: db/fixed-insert.ts). */
const takeAtOnceInto = (column: 'held' | 'sold' | 'blocked') =>
  fixedInsert((db: DbOrTrx, { take, need, ...along }: SeatsAtOnce) => {
    const { request_id: requestId, now } = take[0]!;
    const needs = sql.join(need.map((n) => sql`(${n.leg_id}::integer, ${n.seats}::integer)`));
    const counter = sql.id(column);
    const counterValue = (c: typeof column) => (c === column ? sql`need.seats` : sql`0`);
    // Kysely's builder types cannot follow a table chosen at run time; the rows were typed by TableRows.
    const alongside = Object.entries(along).map(
      ([table, rows], i) => sql`, ${sql.id(`along_${i}`)} as (${db.insertInto(table as keyof Database & string).values(rows as never)})`,
    );
    const statement = sql<{ flight_leg_id: number }>`
    with need (leg_id, seats) as (values ${needs}),
    taken as (
      insert into "leg_inventory" (flight_leg_id, capacity, sold, held, blocked, updated_at)
      select l.id, a.seats,
        ${counterValue('sold')}, ${counterValue('held')}, ${counterValue('blocked')}, ${now}::varchar(32)
      from need
      join flight_legs l on l.id = need.leg_id
      join flights f on f.id = l.flight_id
      join aircraft a on a.id = f.aircraft_id
      where a.seats >= need.seats
      order by l.id
      on conflict (flight_leg_id) do update
        set ${counter} = leg_inventory.${counter} + excluded.${counter}, updated_at = excluded.updated_at
        where leg_inventory.capacity - leg_inventory.sold - leg_inventory.held - leg_inventory.blocked >= excluded.${counter}
      returning flight_leg_id
    ),
    holds as (
      insert into "seat_holds" (booking_request_id, flight_leg_id, seats, status, created_at, updated_at)
      select ${requestId}::integer, need.leg_id, need.seats, ${column}::varchar(16), ${now}::varchar(32), ${now}::varchar(32)
      from need
      where (select count(*) from taken) = ${need.length}
    )${sql.join(alongside, sql``)}
    select flight_leg_id from taken`;
    return { compile: () => statement.compile(db) };
  });
const takeAtOnceAs = { held: takeAtOnceInto('held'), sold: takeAtOnceInto('sold'), blocked: takeAtOnceInto('blocked') };

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
  await insertHoldRows(db, {
    holds: legs.map((l) => ({ booking_request_id: requestId, flight_leg_id: l.legId, seats: l.seats, status, created_at: now, updated_at: now })),
  });
}

/** Compiled once per number of legs (db/fixed-insert.ts). */
const insertHoldRows = fixedInsert((db: DbOrTrx, rows: { holds: readonly Insertable<SeatHoldsTable>[] }) => db.insertInto('seat_holds').values(rows.holds));

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
