import {
  seatsNeeded,
  can,
  canBookFlight,
  centsToAmount,
  FARE_CATEGORY,
  isOnSale,
  type Lang,
  PAX_CATEGORIES,
  type TFlight,
  type TFlightsResponse,
  PLACE_IDS,
  categoryPrices,
  OPERATOR_TZ,
  parseWireDate,
  type TFlightsQuery,
} from '@heliline/domain';
import type { Db } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError } from '../../../http/errors.ts';
import type { InventoryService, LegSeats } from '../../inventory/service.ts';
import { type Journey, placeName } from '../../schedule/journeys.ts';
import type { ScheduleService } from '../../schedule/service.ts';

export interface FlightSearchInput {
  originId: number;
  destinationId: number;
  /** Rome calendar date YYYY-MM-DD. */
  date: string;
  /** Seats the party needs on every leg (see seatsNeeded). */
  seats: number;
  roles: readonly string[];
  lang: Lang;
  now: Date;
}

/** A flight of the search (domain TFlight): spec fields plus seats, bookable and, for staff, info. */
export type FlightAnswer = TFlight & { landingDateTime: string; bookable: boolean };
export type FlightSearchAnswer = TFlightsResponse;

// One formatter each, built once: a time-zone conversion per call (dayjs.tz) costs ~100× more.
const ROME_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: OPERATOR_TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const ROME_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: OPERATOR_TZ, day: '2-digit', month: '2-digit', year: 'numeric' });
const romeTime = (iso: string) => ROME_TIME.format(new Date(iso));
/** DD/MM/YYYY of an instant in Rome. */
const romeWireDate = (iso: string) => ROME_DATE.format(new Date(iso));

/** Per-category prices of the journey (domain fare table), as wire amounts keyed by pax category. */
export function categoryAmounts(originId: number, destinationId: number, date: string) {
  const byFare = categoryPrices({ originId, destinationId, date });
  const out = { fares: {}, taxes: {}, landingTax: {}, prices: {} } as Omit<FlightSearchAnswer, 'flights'>;
  for (const cat of PAX_CATEGORIES) {
    const p = byFare[FARE_CATEGORY[cat]];
    out.fares[cat] = centsToAmount(p.fare);
    out.taxes[cat] = centsToAmount(p.tax);
    out.landingTax[cat] = centsToAmount(p.landingTax);
    out.prices[cat] = centsToAmount(p.total);
  }
  return out;
}

/** Whether this caller may buy this journey now (cut-off, extra flights, cancelled). */
export function journeyOnSale(j: Journey, roles: readonly string[], now: Date): boolean {
  return j.status === 'scheduled' && canBookFlight({ extra: j.extra }, roles) && isOnSale(j.originId, j.destinationId, new Date(j.departsAt), now);
}

/** Reverse search (return flights): swap the places; Foggia's arrival id becomes its departure id. */
export function reversePlaces(originId: number, destinationId: number) {
  const asOrigin = (id: number) => (id === PLACE_IDS.foggiaArrival ? PLACE_IDS.foggiaDeparture : id);
  const asDestination = (id: number) => (id === PLACE_IDS.foggiaDeparture ? PLACE_IDS.foggiaArrival : id);
  return { originId: asOrigin(destinationId), destinationId: asDestination(originId) };
}

export interface FlightSearchDeps {
  db: Db;
  schedule: ScheduleService;
  inventory: InventoryService;
  /** Its version changes with every write transaction of this process (the cache keys on it). */
  transactions: Pick<Transactions, 'version'>;
}

/**
 * GET /api/flights: the journeys of the day between two places that this caller may buy.
 * Hidden: flights past the purchase cut-off (6 h Foggia↔Tremiti, 12 h other routes) and extra
 * flights for non-staff. Listed with bookable=false: flights with fewer free seats than the
 * party needs (availability = min over the journey's legs).
 *
 * Answers are kept for a short while (2 s), keyed by the query, the caller's class (staff or
 * not) and language. Any write transaction of this process (seat changes among them)
 * invalidates them at once; a change made by another instance shows up within the TTL. The
 * numbers are advisory: holds re-check every seat in the database, so a stale answer can
 * never oversell.
 */
export class FlightSearchService {
  private readonly entries = new Map<string, { at: number; version: number; answer: Promise<FlightSearchAnswer> }>();

  constructor(
    private readonly deps: FlightSearchDeps,
    private readonly ttlMs = 2000,
    private readonly maxEntries = 2000,
  ) {}

  /** The wire query: outbound, or the return (reverse=1: places swapped, comebackDate). */
  answer(query: TFlightsQuery, roles: readonly string[], lang: Lang, now = new Date()): Promise<FlightSearchAnswer> {
    const date = query.reverse ? (query.comebackDate ? parseWireDate(query.comebackDate) : null) : parseWireDate(query.departureDate);
    if (!date) throw new AppError('validation', 'invalidInput', { comebackDate: ['required'] });
    const places = query.reverse ? reversePlaces(query.origin, query.destination) : { originId: query.origin, destinationId: query.destination };
    return this.search({ ...places, date, seats: Math.max(1, seatsNeeded(query)), roles, lang, now });
  }

  search(input: FlightSearchInput): Promise<FlightSearchAnswer> {
    const key = [input.originId, input.destinationId, input.date, input.seats, can(input.roles, 'booking.extraFlights') ? 's' : 'p', input.lang].join('|');
    const now = input.now.getTime();
    const version = this.deps.transactions.version;
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < this.ttlMs) return hit.answer;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const answer = this.compute(input);
    this.entries.set(key, { at: now, version, answer });
    answer.catch(() => this.entries.delete(key));
    return answer;
  }

  private async compute(input: FlightSearchInput): Promise<FlightSearchAnswer> {
    const journeys = (await this.deps.schedule.journeysOn(input.date, input.originId, input.destinationId)).filter((j) => journeyOnSale(j, input.roles, input.now));
    const seats = await this.deps.inventory.seats(
      this.deps.db,
      journeys.flatMap((j) => j.legIds),
    );
    const byLeg = new Map(seats.map((s) => [s.legId, s]));
    const staff = can(input.roles, 'booking.extraFlights');
    const flights = journeys.map((j) =>
      flightAnswer(
        j,
        j.legIds.map((id) => byLeg.get(id)!),
        staff,
        input,
      ),
    );
    return { ...categoryAmounts(input.originId, input.destinationId, input.date), flights };
  }
}

function flightAnswer(j: Journey, legSeats: LegSeats[], staff: boolean, input: FlightSearchInput): FlightAnswer {
  const availableSeats = Math.max(0, Math.min(...legSeats.map((s) => s.available)));
  const tightest = legSeats.reduce((a, b) => (b.available < a.available ? b : a));
  return {
    flightId: j.flightId,
    flightCode: j.code,
    takeOffDate: romeWireDate(j.departsAt),
    takeOffTime: romeTime(j.departsAt),
    takeOffDateTime: j.departsAt,
    extra: j.extra,
    aircraft: staff ? `${j.aircraftModel} (${j.registration})` : j.aircraftModel,
    route: j.routePlaceIds.map((id) => placeName(id, input.lang)).join(' - '),
    origin: placeName(j.originId, input.lang),
    destination: placeName(j.destinationId, input.lang),
    landingTime: romeTime(j.arrivesAt),
    landingDateTime: j.arrivesAt,
    availableSeats,
    bookable: availableSeats >= input.seats,
    ...(staff ? { info: { registration: j.registration, capacity: tightest.capacity, sold: tightest.sold, held: tightest.held, blocked: tightest.blocked } } : {}),
  };
}
