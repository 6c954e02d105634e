import { checkInWindow } from './airport.ts';

/**
 * Desk check-in and the flight's load (issue 13 part A; decisions 024 and 025). No
 * dependencies: the desk screen imports this file directly.
 */

/** Where a departure stands for the desk: before the window, inside it, or after it closed. */
export type CheckInPhase = 'notOpen' | 'open' | 'closed';

/**
 * Check-in opens 30 minutes before take-off (inclusive) and closes strictly 10 minutes before:
 * at exactly 10 minutes before departure it is closed (spec §9).
 */
export function checkInPhase(departure: Date, now: Date): CheckInPhase {
  const { opens, closes } = checkInWindow(departure);
  if (now.getTime() < opens.getTime()) return 'notOpen';
  return now.getTime() < closes.getTime() ? 'open' : 'closed';
}

/** How far past midnight the desk's list of today's flights reaches. */
export const DESK_LOOKAHEAD_MS = 3 * 60 * 60 * 1000;

/**
 * Whether a flight of the next service day belongs on tonight's desk: a late desk keeps the
 * flight just past midnight in view, since its check-in opens before the date changes.
 */
export function onTonightsDesk(departure: Date, now: Date): boolean {
  return departure.getTime() - now.getTime() <= DESK_LOOKAHEAD_MS;
}

/** A passenger with a valid ticket for this flight: waiting or checked in (cancelled and moved ones fly elsewhere or not at all). */
export const stillFlies = (state: string): boolean => state === 'waiting' || state === 'checkedIn';

/** Who the flight's load counts: before closing every passenger who still flies, once closed the checked-in only. */
export const countsInLoad = (state: string, closed: boolean): boolean => (closed ? state === 'checkedIn' : stillFlies(state));

/** Outside the window staff may still check a passenger in, with a reason (audited). */
export const OVERRIDE_REASON_MAX = 200;

/** Ticket categories as the tickets store them (tkt_category), plus 'PET' for a pet's ticket (category 'an'). */
type MassCategory = 'AD' | 'CH' | 'INF' | 'PET';

/**
 * Standard masses in kg for passengers not yet weighed (decision 025): EASA Air OPS
 * (Regulation (EU) 965/2012, AMC/CAT.POL.MAB.100) "all adult" 84 kg and child 35 kg, both
 * including hand baggage; a standard checked bag of 11 kg (domestic flights). An infant on a lap
 * and a pet in its cage have no figure there we rely on: 10 kg each, on the safe side.
 */
export const STANDARD_MASS_KG: Readonly<Record<MassCategory, number>> = { AD: 84, CH: 35, INF: 10, PET: 10 };
/** One bag per person is allowed (spec §9): a passenger not yet weighed counts one standard bag. */
export const STANDARD_BAG_KG = 11;

/**
 * Plausible masses the desk may type (kg, one decimal): anything else is a typo (0.1 for 81, a
 * bag's mass in the passenger's box). The lowest passenger is a newborn on a lap, the lightest
 * bag a handbag: infants are held to the same 1 kg.
 */
export const PASSENGER_KG_MIN = 1;
export const PASSENGER_KG_MAX = 250;
export const BAG_KG_MIN = 0.1;
export const BAG_KG_MAX = 40;
export const BAGS_MAX = 4;

export const plausiblePassengerKg = (kg: number): boolean => Number.isFinite(kg) && kg >= PASSENGER_KG_MIN && kg <= PASSENGER_KG_MAX;
export const plausibleBagKg = (kg: number): boolean => Number.isFinite(kg) && kg >= BAG_KG_MIN && kg <= BAG_KG_MAX;

/** The mass category of a ticket (category 'an' is a pet's ticket). */
export function massCategory(category: string, tktCategory: string): MassCategory {
  if (category === 'an') return 'PET';
  return tktCategory === 'CH' || tktCategory === 'INF' ? tktCategory : 'AD';
}

export interface LoadEntry {
  category: MassCategory;
  /** Weighed mass of the passenger; null: not weighed yet (the standard mass counts). */
  passengerKg: number | null;
  /** Weighed bags; null: not weighed yet (one standard bag counts, none for infants and pets). */
  bagsKg: readonly number[] | null;
}

interface LoadLine {
  passengerKg: number;
  bagsKg: number;
  /** True when a standard mass stands in for a missing weighing. */
  standard: boolean;
}

interface FlightLoad {
  passengersKg: number;
  bagsKg: number;
  totalKg: number;
  payloadKg: number;
  /** payload − total: negative when over the limit. */
  marginKg: number;
  over: boolean;
  /** How many entries counted with standard masses. */
  standardCount: number;
}

/** Mass in kg kept to one decimal, as typed at the desk (no float dust in sums). */
const tenth = (kg: number) => Math.round(kg * 10) / 10;

/**
 * One entry's masses: the weighed ones, or the standard ones when not weighed. A mass outside
 * the plausible bounds (one stored before they applied) does not count as weighed.
 */
export function loadLine(entry: LoadEntry): LoadLine {
  const standardBags = entry.category === 'INF' || entry.category === 'PET' ? 0 : STANDARD_BAG_KG;
  const weighedPassenger = entry.passengerKg !== null && plausiblePassengerKg(entry.passengerKg);
  const weighedBags = entry.bagsKg !== null && entry.bagsKg.length <= BAGS_MAX && entry.bagsKg.every(plausibleBagKg);
  const passengerKg = weighedPassenger ? entry.passengerKg! : STANDARD_MASS_KG[entry.category];
  const bagsKg = weighedBags ? tenth(entry.bagsKg!.reduce((a, b) => a + b, 0)) : standardBags;
  return { passengerKg, bagsKg, standard: !weighedPassenger || !weighedBags };
}

/** The load of the entries given against the aircraft's maximum payload. */
export function flightLoad(entries: readonly LoadEntry[], payloadKg: number): FlightLoad {
  let passengersKg = 0;
  let bagsKg = 0;
  let standardCount = 0;
  for (const e of entries) {
    const line = loadLine(e);
    passengersKg += line.passengerKg;
    bagsKg += line.bagsKg;
    if (line.standard) standardCount += 1;
  }
  passengersKg = tenth(passengersKg);
  bagsKg = tenth(bagsKg);
  const totalKg = tenth(passengersKg + bagsKg);
  const marginKg = tenth(payloadKg - totalKg);
  return { passengersKg, bagsKg, totalKg, payloadKg, marginKg, over: marginKg < 0, standardCount };
}
