import { PLACE_IDS } from '../places.ts';
import { seasonOn, type Season } from '../seasons.ts';
import type { Cents } from './money.ts';

/**
 * The one fare table of the product (spec accounts §9), one way, integer cents.
 * The fares page, the flight search and the booking totals all read it from here.
 */
export const FARE_TABS = ['low', 'high', 'res'] as const;
/** low and high are the seasons; res is the reserved fare (see pricing.ts for who gets it). */
export type FareTab = (typeof FARE_TABS)[number];

export const FARE_CATEGORIES = ['adult', 'child', 'infant', 'pet'] as const;
export type FareCategory = (typeof FARE_CATEGORIES)[number];

/** Base fares. Child = 2–11 years, infant = 0–23 months (spec wording). */
export const FARES: Readonly<Record<FareTab, Readonly<Record<FareCategory, Cents>>>> = {
  low: { adult: 3175, child: 1587, infant: 317, pet: 1587 },
  high: { adult: 6350, child: 3175, infant: 635, pet: 3175 },
  res: { adult: 3175, child: 1587, infant: 317, pet: 1587 },
};

/**
 * Cost detail of the additional fees (spec: "Adult cost detail … Child boarding 1,80, the rest
 * as adult"). Infants and pets pay no fees.
 */
export const COST_DETAIL_LINES = ['boarding', 'additionalServices', 'security', 'luggageFixed', 'luggageVariable', 'reducedMobility'] as const;
type CostDetailLine = (typeof COST_DETAIL_LINES)[number];

export const COST_DETAIL: Readonly<Record<'adult' | 'child', Readonly<Record<CostDetailLine, Cents>>>> = {
  adult: { boarding: 359, additionalServices: 650, security: 181, luggageFixed: 130, luggageVariable: 37, reducedMobility: 34 },
  child: { boarding: 180, additionalServices: 650, security: 181, luggageFixed: 130, luggageVariable: 37, reducedMobility: 34 },
};

/**
 * Additional fees by departure heliport, as the spec lists them. They reconcile with the cost
 * detail: from the main heliport (Foggia) every line is due (13,91 / 12,12); from the other
 * heliports all but the additional services 6,50 (7,41 / 5,62) — a unit test holds this.
 */
export const ADDITIONAL_FEES: Readonly<Record<'main' | 'other', Readonly<Record<FareCategory, Cents>>>> = {
  main: { adult: 1391, child: 1212, infant: 0, pet: 0 },
  other: { adult: 741, child: 562, infant: 0, pet: 0 },
};

/** The main heliport is Foggia; its departure id is 1348. */
const MAIN_HELIPORT_ID = PLACE_IDS.foggiaDeparture;

export function additionalFee(category: FareCategory, originId: number): Cents {
  return ADDITIONAL_FEES[originId === MAIN_HELIPORT_ID ? 'main' : 'other'][category];
}

/**
 * Tremiti landing contribution ("landing fee 2,50 (low and high only; child fee applies over
 * ten)"), due from 01/06/2016 (spec: disembarkation fee from that date, set by Tremiti council
 * resolutions). Who pays it is decided in pricing.ts.
 */
export const LANDING_FEE: Cents = 250;
export const LANDING_FEE_FROM = '2016-06-01';
/** A child pays the landing fee only when older than this many full years (i.e. from 11). */
export const LANDING_FEE_CHILD_OVER_AGE = 10;
export const LANDING_FEE_PLACE_ID = PLACE_IDS.tremiti;

/** Tariff adjustment dates (spec, DD/MM/YYYY there), ISO here, oldest first. */
export const TARIFF_ADJUSTMENT_DATES = ['2014-10-01', '2018-10-16', '2019-12-04', '2021-01-13', '2022-05-23', '2023-06-15', '2024-07-08'] as const;
/** The table above is the one in force since the last adjustment. */
export const TARIFF_IN_FORCE_FROM = TARIFF_ADJUSTMENT_DATES[TARIFF_ADJUSTMENT_DATES.length - 1]!;

/**
 * The fares page opens on the season of the day (spec accounts §4: low 1 Jan–14 Jun and
 * 16 Sep–31 Dec, high otherwise) — the same rule as seasons.ts, so it is reused, not restated.
 * `isoDate` is a Rome calendar date (YYYY-MM-DD), e.g. romeToday().
 */
export function defaultFaresTab(isoDate: string): Season {
  return seasonOn(isoDate);
}
