import { randomBytes } from 'node:crypto';
import { addDays, centsToAmount, computeTotals, romeDateTimeToUtc, romeToday, toWireDate, ZSignup } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import type { NewBookingRequest } from '../src/modules/booking/requests/queries.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { PASSWORD, userSignup } from './accounts-support.ts';
import { openBankPage, submitBankForm } from './payments-support.ts';

/** Shared fixtures of the inventory and booking tests. */

let aircraftCounter = 0;
let flightCounter = 0;

export interface TestLeg {
  originId: number;
  destinationId: number;
  /** Rome wall-clock HH:mm on the flight's date. */
  departs: string;
  arrives: string;
}

export interface TestFlight {
  flightId: number;
  code: string;
  date: string;
  legIds: number[];
}

/**
 * A flight of our own on an aircraft with `seats` seats, `daysAhead` days from today (Rome),
 * so tests never depend on the seeded timetable's weekdays or seasons.
 */
export async function createFlight(
  db: Db,
  options: { seats?: number; daysAhead?: number; date?: string; legs?: TestLeg[]; extra?: boolean; code?: string } = {},
): Promise<TestFlight> {
  const now = new Date().toISOString();
  const aircraft = await db
    .insertInto('aircraft')
    .values({ registration: `T-${process.pid % 1000}-${++aircraftCounter}`, model: 'Test Copter', seats: options.seats ?? 6 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const date = options.date ?? addDays(romeToday(), options.daysAhead ?? 5);
  const code = options.code ?? `LID${String(500 + (++flightCounter % 400)).padStart(3, '0')}`;
  const flight = await db
    .insertInto('flights')
    .values({ code, service_date: date, aircraft_id: aircraft.id, is_extra: options.extra ? 1 : 0, status: 'scheduled', pattern: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const legs = options.legs ?? [{ originId: 1348, destinationId: 1511, departs: '10:00', arrives: '10:20' }];
  const legIds: number[] = [];
  for (const [i, leg] of legs.entries()) {
    const row = await db
      .insertInto('flight_legs')
      .values({
        flight_id: flight.id,
        seq: i + 1,
        origin_id: leg.originId,
        destination_id: leg.destinationId,
        departs_at: romeDateTimeToUtc(date, leg.departs).toISOString(),
        arrives_at: romeDateTimeToUtc(date, leg.arrives).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    legIds.push(row.id);
  }
  return { flightId: flight.id, code, date, legIds };
}

/** FOG → VIE → TRE, the rotation with a Vieste stop. */
export const VIESTE_LEGS: TestLeg[] = [
  { originId: 1348, destinationId: 1514, departs: '08:30', arrives: '08:50' },
  { originId: 1514, destinationId: 1511, departs: '09:05', arrives: '09:20' },
];

/** A bare booking-request row under a fresh code (for tests that do not go through HTTP). */
export function bareRequestRow(userId: number, flightId: number): NewBookingRequest {
  const now = new Date().toISOString();
  const code = `Z${randomBytes(6).toString('hex').toUpperCase()}`.slice(0, 8);
  return {
    code,
    group_code: code.slice(0, 6),
    type: 1,
    status: 'pending',
    user_id: userId,
    lang: 'it',
    channel: 'WEB',
    flight_type: 'OW',
    origin_id: 1348,
    destination_id: 1511,
    departure_flight_id: flightId,
    comeback_flight_id: null,
    men: 1,
    women: 0,
    children: 0,
    infants: 0,
    contact_email: 'x@example.com',
    contact_telephone: '1',
    coupon_code: null,
    coupon_perc: 0,
    tickets_cents: 0,
    taxes_cents: 0,
    landing_taxes_cents: 0,
    grand_total_cents: 0,
    amount_cents: 0,
    invoice_json: null,
    forms_json: null,
    hold_expires_at: new Date(Date.now() + 600_000).toISOString(),
    hold_extended: 0,
    payment_id: null,
    bank_message: null,
    error_code: null,
    failure_reason: null,
    note: null,
    created_at: now,
    updated_at: now,
  };
}

export async function insertBareRequest(db: Db, userId: number, flightId: number): Promise<number> {
  const row = await db.insertInto('booking_requests').values(bareRequestRow(userId, flightId)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Counters of a leg (capacity, sold, held, blocked). */
export async function legCounters(db: Db, legId: number) {
  return db.selectFrom('leg_inventory').selectAll().where('flight_leg_id', '=', legId).executeTakeFirst();
}

// ---- buyers and booking bodies --------------------------------------------------------------

export interface Buyer {
  id: number;
  /** The buyer's passenger-profile id: the wizard sends her own passenger with it. */
  paxId: number;
  email: string;
  /** Bearer token: concurrent requests need no cookie jar and no CSRF round trip. */
  token: string;
}

/**
 * Verified private buyers with a passenger profile (Maria Rossi, F, born 14/03/1985), made
 * through the accounts service with one password hash for all (argon2 is slow on purpose).
 */
export async function createBuyers(app: FastifyInstance, n: number, options: { roles?: string[] } = {}): Promise<Buyer[]> {
  const { accounts, sessions } = app.services;
  const hash = await hashPassword(PASSWORD);
  const out: Buyer[] = [];
  for (let i = 0; i < n; i++) {
    const input = ZSignup.parse(userSignup());
    const id = await app.db.transaction().execute((trx) => accounts.createAccount(trx, input, hash, 'it'));
    await accounts.markEmailVerified(id);
    for (const role of options.roles ?? []) await accounts.addRole(id, role);
    const profile = await app.db.selectFrom('paxes').select('id').where('user_id', '=', id).executeTakeFirstOrThrow();
    out.push({ id, paxId: profile.id, email: input.email, token: await sessions.issueToken(id) });
  }
  return out;
}

export interface BodyOptions {
  flight: TestFlight;
  comeback?: TestFlight;
  originId?: number;
  destinationId?: number;
  paxes?: Record<string, unknown>[];
  coupon?: { code: string; perc: number } | null;
  couponPerc?: number;
  /** Overrides merged into form.totals after computing them. */
  totals?: Record<string, number>;
  form?: Record<string, unknown>;
}

/** Stands for the buyer's passenger-profile id until asBuyer() puts the real one in. */
const OWN_PAX_MARK = -999_999;

/**
 * The buyer herself (the account's own passenger, sent with its profile id and no names:
 * names come from her profile). Bodies carry OWN_PAX_MARK; asBuyer() sets the profile id.
 */
export const OWN_PAX = { id: OWN_PAX_MARK, category: 'a', gender: 'F', birthDate: '14/03/1985', residence: 'Foggia', document_type: 2, document_num: 'YA1234567' };

/** The body with the own-passenger mark replaced by this buyer's passenger-profile id. */
export function asBuyer<T>(body: T, paxId: number): T {
  const form = (body as { form?: { paxes?: { id: number }[] } } | null)?.form;
  if (!form?.paxes) return body;
  return { ...body, form: { ...form, paxes: form.paxes.map((p) => (p.id === OWN_PAX_MARK ? { ...p, id: paxId } : p)) } };
}

/** A valid POST /api/bookings body whose totals are the domain's (the wizard's) numbers. */
export function bookingBody(o: BodyOptions) {
  const originId = o.originId ?? 1348;
  const destinationId = o.destinationId ?? 1511;
  const paxes = o.paxes ?? [OWN_PAX];
  const journeys = [
    { direction: 'd' as const, originId, destinationId, date: o.flight.date },
    ...(o.comeback ? [{ direction: 'c' as const, originId: destinationId, destinationId: originId === 1348 ? 1349 : originId, date: o.comeback.date }] : []),
  ];
  const { totals } = computeTotals({
    paxes: paxes.map((p) => ({ category: p.category as 'a', birthDate: p.birthDate as string, residence: p.residence as string })),
    journeys,
    couponPerc: o.coupon?.perc ?? 0,
  });
  const count = (f: (p: Record<string, unknown>) => boolean) => paxes.filter(f).length;
  return {
    type: 1,
    form: {
      flightType: o.comeback ? 'DW' : 'OW',
      originId,
      destinationId,
      departureDate: toWireDate(o.flight.date),
      comebackDate: o.comeback ? toWireDate(o.comeback.date) : null,
      departureFlightId: o.flight.flightId,
      comebackFlightId: o.comeback?.flightId ?? null,
      men: count((p) => p.category === 'a' && p.gender === 'M'),
      women: count((p) => p.category === 'a' && p.gender === 'F'),
      children: count((p) => p.category === 'c'),
      infants: count((p) => p.category === 'i'),
      paxes,
      totals: { ...Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, centsToAmount(v)])), ...o.totals },
      contacts: { email: 'maria.rossi@example.com', telephone: '+39 333 1234567' },
      conditions: true,
      coupon: o.coupon ? { code: o.coupon.code, perc: o.coupon.perc } : null,
      ...o.form,
    },
    invoice: null,
    bookingChannel: 'WEB',
  };
}

export const newPax = (overrides: Record<string, unknown> = {}) => ({
  id: -1,
  category: 'a',
  gender: 'M',
  lastname: 'Bianchi',
  firstname: 'Luca',
  birthDate: '02/05/1980',
  residence: 'Bari',
  document_type: 2,
  document_num: 'CA0000001',
  ...overrides,
});

/** `n` new adult men, each a different person (a booking refuses the same person twice). */
export const otherPaxes = (n: number) =>
  ['Luca', 'Marco', 'Paolo', 'Andrea', 'Giorgio', 'Sergio'].slice(0, n).map((firstname, i) => newPax({ firstname, document_num: `X${i + 1}` }));

/** Row counts of the booking tables, to prove a refused request wrote nothing. */
export async function bookingCounts(db: Db) {
  const n = async (t: 'booking_requests' | 'seat_holds' | 'booking_passengers' | 'booking_events' | 'payments') =>
    Number((await db.selectFrom(t).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    requests: await n('booking_requests'),
    holds: await n('seat_holds'),
    passengers: await n('booking_passengers'),
    events: await n('booking_events'),
    payments: await n('payments'),
  };
}

/** Walks the sandbox bank's page to a choice (approve, decline-51, cancel) as a browser does. */
export async function payAtBank(app: FastifyInstance, bankLink: string, choice: string) {
  const page = await openBankPage(app, bankLink);
  return submitBankForm(app, page, choice);
}
