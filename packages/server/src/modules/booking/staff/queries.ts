import { BOOKING_TYPE } from '@heliline/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../db/database.ts';

/** SQL of the staff screens: active blocked bookings and the booking management list. */

/** Blocked bookings (type 4) still holding their seats, soonest expiry first, with who blocked them. */
export function activeBlocks(db: DbOrTrx, now: string) {
  return db
    .selectFrom('booking_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.code',
      'r.origin_id',
      'r.destination_id',
      'r.departure_flight_id',
      'r.comeback_flight_id',
      'r.men',
      'r.women',
      'r.children',
      'r.infants',
      'r.hold_expires_at',
      'r.note',
      'u.email as user_email',
    ])
    .where('r.type', '=', BOOKING_TYPE.block)
    .where('r.status', '=', 'blocked')
    .where('r.hold_expires_at', '>', now)
    .orderBy('r.hold_expires_at')
    .orderBy('r.id')
    .execute();
}

export interface AdminFilter {
  /** YYYY-MM-DD: a flight of the booking (either way) on that date. */
  date?: string;
  code?: string;
  name?: string;
  status?: string;
}

function filtered(db: DbOrTrx, f: AdminFilter) {
  let q = db.selectFrom('booking_requests as r').innerJoin('users as u', 'u.id', 'r.user_id');
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.code) q = q.where('r.code', 'like', `${f.code.toUpperCase().replace(/[^A-Z0-9]/g, '')}%`);
  if (f.date) {
    const date = f.date;
    q = q.where((eb) => {
      const onDate = eb.selectFrom('flights as f').select('f.id').where('f.service_date', '=', date);
      return eb.or([eb('r.departure_flight_id', 'in', onDate), eb('r.comeback_flight_id', 'in', onDate)]);
    });
  }
  if (f.name) {
    const like = `%${f.name.toLowerCase().replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(u.email)`, 'like', like),
        eb(sql`lower(r.contact_email)`, 'like', like),
        eb.exists(
          eb
            .selectFrom('booking_passengers as p')
            .select('p.id')
            .whereRef('p.booking_request_id', '=', 'r.id')
            .where((pb) =>
              pb.or([
                pb(sql`lower(p.lastname)`, 'like', like),
                pb(sql`lower(p.firstname)`, 'like', like),
                pb(sql`lower(p.lastname || ' ' || p.firstname)`, 'like', like),
                pb(sql`lower(p.firstname || ' ' || p.lastname)`, 'like', like),
              ]),
            ),
        ),
      ]),
    );
  }
  return q;
}

export async function countBookings(db: DbOrTrx, f: AdminFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the management list, newest first. */
export function pageOfBookings(db: DbOrTrx, f: AdminFilter, limit: number, offset: number) {
  return filtered(db, f)
    .leftJoin('staff_payments as sp', 'sp.booking_request_id', 'r.id')
    .leftJoin('users as payer', 'payer.id', 'sp.taken_by')
    .select([
      'r.id',
      'r.code',
      'r.type',
      'r.status',
      'r.created_at',
      'r.contact_email',
      'r.origin_id',
      'r.destination_id',
      'r.departure_flight_id',
      'r.comeback_flight_id',
      'r.amount_cents',
      'u.email as user_email',
      'payer.email as paid_by',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function passengersOfRequests(db: DbOrTrx, requestIds: readonly number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .selectFrom('booking_passengers')
    .select(['booking_request_id', 'position', 'lastname', 'firstname', 'category'])
    .where('booking_request_id', 'in', requestIds)
    .orderBy('booking_request_id')
    .orderBy('position')
    .execute();
}
