import { romeDateTimeToUtc } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import { createFlight, type TestFlight } from './booking-support.ts';
import { bookingRow } from './my-tickets-support.ts';
import { issueRequest } from './payments-support.ts';

/** Fixtures of the check-in desk tests: a flight on a fixed date with a known payload, tickets on it, the desk's clock. */

export const DESK_DATE = '2030-06-10';
const DEPARTS = '10:00';
/** Rome wall-clock time on the desk date, as the desk's clock. */
export const at = (hhmm: string) => romeDateTimeToUtc(DESK_DATE, hhmm);

export async function deskFlight(db: Db, payloadKg = 600, code?: string): Promise<TestFlight> {
  const flight = await createFlight(db, { date: DESK_DATE, code, legs: [{ originId: 1348, destinationId: 1511, departs: DEPARTS, arrives: '10:20' }] });
  const { aircraft_id } = await db.selectFrom('flights').select('aircraft_id').where('id', '=', flight.flightId).executeTakeFirstOrThrow();
  await db.updateTable('aircraft').set({ payload_kg: payloadKg, payload_source: 'test data sheet' }).where('id', '=', aircraft_id).execute();
  return flight;
}

/** A paid booking's outbound tickets on the flight (first passenger adult, the others children); forms flagged on the booking. */
export async function deskTickets(app: FastifyInstance, flight: TestFlight, ownerUserId: number, passengers = 2, forms: Record<string, boolean> | null = null) {
  const base = issueRequest({ ownerUserId }, { passengers, roundTrip: false });
  const departsAt = at(DEPARTS).toISOString();
  const request = {
    ...base,
    journeys: [{ ...base.journeys[0]!, flightId: flight.flightId, flightCode: flight.code, departsAt, arrivesAt: at('10:20').toISOString() }],
  };
  const issued = await app.db.transaction().execute((trx) => app.services.tickets.issue(trx, request));
  const id = await bookingRow(app.db, request.bookingCode, ownerUserId);
  if (forms)
    await app.db
      .updateTable('booking_requests')
      .set({ forms_json: JSON.stringify(forms) })
      .where('id', '=', id)
      .execute();
  return { code: request.bookingCode, numbers: issued.map((t) => t.ticketNr) };
}

export async function deskRows(db: Db) {
  const n = async (t: 'check_ins' | 'flight_closures' | 'booking_audit') =>
    Number((await db.selectFrom(t).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { checkIns: await n('check_ins'), closures: await n('flight_closures'), audit: await n('booking_audit') };
}
