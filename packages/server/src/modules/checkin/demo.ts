import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, romeDateOf } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import { freshTicketNumbers } from '../tickets/numbers.ts';

/**
 * A flight to try the check-in desk on (never in production): Foggia → Isole Tremiti taking off
 * `inMinutes` from now (check-in open right away), on I-HELA, with four ticketed passengers of
 * the demo buyer — one child, one with the pregnancy form, one with the weapons form. The server
 * adds one at start (main.ts) when today has none; the dev API adds one per call (browser tests).
 */
const DEMO_DESK_PASSENGERS = [
  { lastname: 'Rossi', firstname: 'Maria', birth: '14/03/1985', category: 'a', tkt: 'AD', forms: null },
  { lastname: 'Rossi', firstname: 'Luca', birth: '02/06/2018', category: 'c', tkt: 'CH', forms: null },
  { lastname: 'Bianchi', firstname: 'Giulia', birth: '21/09/1990', category: 'a', tkt: 'AD', forms: { minor: false, pregnant: true, weapons: false } },
  { lastname: 'Verdi', firstname: 'Paolo', birth: '05/01/1972', category: 'a', tkt: 'AD', forms: { minor: false, pregnant: false, weapons: true } },
] as const;

const DEMO_OWNER = 'user@heliline.test';
const DEMO_CODE_BASE = 800;

export interface DemoDeskFlight {
  flightId: number;
  code: string;
  date: string;
  tickets: string[];
}

/** Whether today already has a demo desk flight (the start, main.ts, adds one per day). */
export async function hasDemoDeskFlight(db: DbOrTrx, now: Date): Promise<boolean> {
  const row = await db.selectFrom('flights').select('id').where('service_date', '=', romeDateOf(now)).where('pattern', '=', 'check-in-demo').executeTakeFirst();
  return Boolean(row);
}

export async function createDemoDeskFlight(db: DbOrTrx, now: Date, inMinutes = 20): Promise<DemoDeskFlight | null> {
  const owner = await db.selectFrom('users').select('id').where('email', '=', DEMO_OWNER).executeTakeFirst();
  const aircraft = await db.selectFrom('aircraft').select('id').where('registration', '=', 'I-HELA').executeTakeFirst();
  if (!owner || !aircraft) return null;
  const departs = new Date(Math.ceil((now.getTime() + inMinutes * 60_000) / 60_000) * 60_000);
  const arrives = new Date(departs.getTime() + 20 * 60_000);
  const date = romeDateOf(departs);
  const taken = await db.selectFrom('flights').select('code').where('service_date', '=', date).where('code', 'like', 'LID8%').execute();
  const used = new Set(taken.map((f) => f.code));
  let n = DEMO_CODE_BASE;
  while (used.has(`LID${n}`)) n += 1;
  const code = `LID${n}`;
  const at = now.toISOString();
  const flight = await db
    .insertInto('flights')
    .values({ code, service_date: date, aircraft_id: aircraft.id, is_extra: 1, status: 'scheduled', pattern: 'check-in-demo', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('flight_legs')
    .values({ flight_id: flight.id, seq: 1, origin_id: 1348, destination_id: 1511, departs_at: departs.toISOString(), arrives_at: arrives.toISOString() })
    .execute();
  const bookingCode = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  const numbers = await freshTicketNumbers(db, DEMO_DESK_PASSENGERS.length);
  await db
    .insertInto('tickets')
    .values(
      DEMO_DESK_PASSENGERS.map((p, i) => ({
        ticket_nr: numbers[i]!,
        booking_code: bookingCode,
        passenger_key: String(i + 1),
        direction: 'd' as const,
        ticket_nr_inv: null,
        owner_user_id: owner.id,
        contact_email: DEMO_OWNER,
        lang: 'it',
        lastname: p.lastname,
        firstname: p.firstname,
        birth_date: p.birth,
        category: p.category,
        tkt_category: p.tkt,
        email: null,
        flight_id: flight.id,
        flight_code: code,
        departs_at: departs.toISOString(),
        arrives_at: arrives.toISOString(),
        origin_id: 1348,
        destination_id: 1511,
        fare_cents: 5500,
        ticket_cents: 5500,
        tax_cents: 1000,
        landing_tax_cents: 250,
        total_cents: 6750,
        issued_at: at,
        doc_type: p.category === 'a' ? 2 : null,
        doc_num: p.category === 'a' ? `CA${String(1000 + i * 137).padStart(5, '0')}XY` : null,
        doc_expdate: null,
        address: null,
        tel: null,
        email_pdf_forms: p.forms ? JSON.stringify(p.forms) : null,
      })),
    )
    .execute();
  return { flightId: flight.id, code, date, tickets: numbers };
}
