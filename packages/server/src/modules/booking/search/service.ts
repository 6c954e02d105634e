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
  dateIssues,
  romeToday,
  type TFlightsQuery,
} from '@heliline/domain';
import type { Db } from '../../../db/database.ts';
import { AppError, IssuesError } from '../../../http/errors.ts';
import type { InventoryService, LegSeats } from '../../inventory/service.ts';
import { type Journey, placeName } from '../../schedule/journeys.ts';
import { romeTime, romeWireDate } from '../../schedule/rome-clock.ts';
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
type FlightAnswer = TFlight & { landingDateTime: string; bookable: boolean };
export type FlightSearchAnswer = TFlightsResponse;

/** Per-category prices of the journey (domain fare table), as wire amounts keyed by pax category. */
function categoryAmounts(originId: number, destinationId: number, date: string) {
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
function journeyOnSale(j: Journey, roles: readonly string[], now: Date): boolean {
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
}

/** YYYY-MM-DD of a DD/MM/YYYY the query schema has already checked (ZWireDate): no second parse per request. */
const isoOfValidWireDate = (wire: string) => `${wire.slice(6, 10)}-${wire.slice(3, 5)}-${wire.slice(0, 2)}`;

/**
 * The wizard's step-1 date rules (domain dateIssues), whoever asks: no departure before today in
 * Rome, no return before the departure. The store refuses such a booking; the search answered an
 * empty list. A past day has nothing on sale anyway (the cut-off hides it, staff included).
 */
function searchDateIssues(query: TFlightsQuery, now: Date) {
  const comebackDate = query.comebackDate ? isoOfValidWireDate(query.comebackDate) : null;
  const dates = { flightType: comebackDate ? ('DW' as const) : ('OW' as const), departureDate: isoOfValidWireDate(query.departureDate), comebackDate };
  return dateIssues(dates, romeToday(now));
}

/** The caller's view of the search: staff also see extra flights and the Info column. */
const staffView = (roles: readonly string[]) => can(roles, 'booking.extraFlights');

/**
 * GET /api/flights: the journeys of the day between two places that this caller may buy.
 * Hidden: flights past the purchase cut-off (6 h Foggia↔Tremiti, 12 h other routes) and extra
 * flights for non-staff. Listed with bookable=false: flights with fewer free seats than the
 * party needs (availability = min over the journey's legs). Flights and seats are read from the
 * database on every search.
 */
export class FlightSearchService {
  constructor(private readonly deps: FlightSearchDeps) {}

  /** The wire query (outbound, or the return: reverse=1, places swapped, comebackDate). */
  answer(query: TFlightsQuery, roles: readonly string[], lang: Lang, now = new Date()): Promise<FlightSearchAnswer> {
    const date = query.reverse ? (query.comebackDate ? isoOfValidWireDate(query.comebackDate) : null) : isoOfValidWireDate(query.departureDate);
    if (!date) throw new AppError('validation', 'invalidInput', { comebackDate: ['required'] });
    const issues = searchDateIssues(query, now);
    if (issues.length) throw new IssuesError(issues);
    const places = query.reverse ? reversePlaces(query.origin, query.destination) : { originId: query.origin, destinationId: query.destination };
    return this.search({ ...places, date, seats: Math.max(1, seatsNeeded(query)), roles, lang, now });
  }

  async search(input: FlightSearchInput): Promise<FlightSearchAnswer> {
    const journeys = (await this.deps.schedule.journeysOn(input.date, input.originId, input.destinationId)).filter((j) => journeyOnSale(j, input.roles, input.now));
    const capacities = journeys.flatMap((j) => j.legIds.map((legId) => ({ legId, seats: j.aircraftSeats })));
    const byLeg = new Map((await this.deps.inventory.seatsOf(this.deps.db, capacities)).map((s) => [s.legId, s]));
    const staff = staffView(input.roles);
    const seatsOf = (j: (typeof journeys)[number]) => j.legIds.map((id) => byLeg.get(id)!);
    const flights = journeys.map((j) => flightAnswer(j, seatsOf(j), staff, input));
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
