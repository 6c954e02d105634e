import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import type { TicketIssueRequest, TicketJourney } from '../src/modules/tickets/contract.ts';
import { createUser, type FixtureUser, IpClient, login } from './accounts-support.ts';
import { bareRequestRow } from './booking-support.ts';
import { issueRequest } from './payments-support.ts';

/** Fixtures of the my-tickets tests: tickets on future flights, the booking rows beside them, logged-in clients. */

const HOUR = 3_600_000;
let tagCounter = 0;
/** A surname no other test uses, so a lastname filter sees only this test's tickets. */
export const uniqueSurname = (base = 'Test') => `${base}${Date.now().toString(36)}x${++tagCounter}`;

export interface FlightPlan {
  /** Hours from now to the outbound take-off (default 10 days). */
  hoursAhead?: number;
  originId?: number;
  destinationId?: number;
  roundTrip?: boolean;
  passengers?: number;
  lastname?: string;
  lang?: 'it' | 'en';
  contactEmail?: string;
}

function journeys(plan: FlightPlan): TicketJourney[] {
  const out = Date.now() + (plan.hoursAhead ?? 240) * HOUR;
  const origin = plan.originId ?? 1348;
  const destination = plan.destinationId ?? 1511;
  const at = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
  const first: TicketJourney = {
    direction: 'd',
    flightId: 101,
    flightCode: 'LID101',
    departsAt: at(out),
    arrivesAt: at(out + 20 * 60_000),
    originId: origin,
    destinationId: destination,
  };
  if (plan.roundTrip === false) return [first];
  const back = out + 72 * HOUR;
  const backDestination = origin === 1348 ? 1349 : origin;
  return [
    first,
    {
      direction: 'c',
      flightId: 102,
      flightCode: 'LID102',
      departsAt: at(back),
      arrivesAt: at(back + 20 * 60_000),
      originId: destination,
      destinationId: backDestination,
    },
  ];
}

/** Issues tickets through the app's tickets service, as a paid booking does. */
export async function issueTickets(app: FastifyInstance, owner: FixtureUser, plan: FlightPlan = {}): Promise<TicketIssueRequest & { numbers: string[] }> {
  const base = issueRequest({ ownerUserId: owner.id }, { passengers: plan.passengers ?? 2, roundTrip: plan.roundTrip });
  const jj = journeys(plan);
  const lastname = plan.lastname;
  const request: TicketIssueRequest = {
    ...base,
    lang: plan.lang ?? 'it',
    contactEmail: plan.contactEmail ?? base.contactEmail,
    journeys: jj,
    passengers: base.passengers.map((p) => (lastname ? { ...p, lastname } : p)),
    prices: base.prices.filter((p) => jj.some((j) => j.direction === p.direction)),
  };
  const issued = await app.db.transaction().execute((trx) => app.services.tickets.issue(trx, request));
  return { ...request, numbers: issued.map((t) => t.ticketNr) };
}

export interface BookedPassengerFixture {
  position: number;
  gender?: 'M' | 'F';
  document_type?: number;
  document_num?: string | null;
  email?: string | null;
  telephone?: string | null;
  dsc?: number;
}

/** The booking request row beside issued tickets (payment type, status) and its passengers' recorded data. */
export async function bookingRow(db: Db, code: string, userId: number, options: { type?: number; status?: string; passengers?: BookedPassengerFixture[] } = {}) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('booking_requests')
    .values({
      // A ticketed return booking (the flights need not exist: the rows are read, not flown).
      ...bareRequestRow(userId, 101),
      code,
      group_code: code.slice(0, 6),
      type: options.type ?? 1,
      status: options.status ?? 'ticketed',
      flight_type: 'DW',
      comeback_flight_id: 102,
      children: 1,
      contact_email: 'contact@example.com',
      contact_telephone: '+39 0881 000000',
      hold_expires_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const p of options.passengers ?? []) {
    await db
      .insertInto('booking_passengers')
      .values({
        booking_request_id: id,
        position: p.position,
        pax_id: null,
        category: 'a',
        tkt_category: 'AD',
        gender: p.gender ?? null,
        lastname: 'x',
        firstname: 'x',
        birth_date: '1985-03-14',
        residence: null,
        document_type: p.document_type ?? 0,
        document_num: p.document_num ?? null,
        email: p.email ?? null,
        telephone: p.telephone ?? null,
        exemption: 0,
        dsc: p.dsc ?? 0,
      })
      .execute();
  }
  return id;
}

let changeCounter = 0;
/** Marks a ticket cancelled (or moved) the way a ticket change does: a CHANGE booking request and its ticket_changes mark. */
export async function cancelTicket(db: Db, ticketNr: string, kind: 'cancelled' | 'moved' = 'cancelled') {
  const t = await db.selectFrom('tickets').selectAll().where('ticket_nr', '=', ticketNr).executeTakeFirstOrThrow();
  const suffix = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'[++changeCounter % 31]! + 'Z';
  const changeId = await bookingRow(db, `${t.booking_code.slice(0, 6)}${suffix}`, t.owner_user_id, { status: 'ticketed' });
  await db
    .insertInto('ticket_changes')
    .values({
      ticket_nr: ticketNr,
      change_request_id: changeId,
      kind,
      moved_to: null,
      paid_cents: t.total_cents,
      refund_cents: 0,
      refunded_perc: 100,
      refunded_fee_cents: 0,
      refunded_tax: 1,
      refunded_landing_fee: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A logged-in browser on its own IP address. */
export async function clientFor(app: FastifyInstance, user: FixtureUser, lang: 'it' | 'en' = 'it') {
  const client = new IpClient(app, lang);
  await login(client, user);
  return client;
}

export { createUser };
