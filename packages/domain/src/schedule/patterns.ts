import { romeDateTimeToUtc } from '../dates.ts';
import { PLACE_IDS, type PlaceId } from '../places.ts';
import { type Season, seasonOn } from '../seasons.ts';
import { type IsoWeekday, isoWeekday, minutesOfDay } from './calendar.ts';
import { aircraftByRegistration, type Registration } from './fleet.ts';

/**
 * The scheduled timetable, as pure data. A flight is one rotation on one date (one or more
 * legs, one aircraft); a pattern says which rotation flies on which days. Times are Europe/Rome
 * wall-clock times; the seed turns them into UTC instants per date, so a DST change never
 * moves a departure on the timetable.
 *
 * Block times: Foggia–Tremiti 20 min, Foggia–Vieste 20 min, Vieste–Tremiti 15 min,
 * Peschici–Tremiti 10 min. Turnarounds are at least 10 min (15 at the Vieste stop, 20 at the
 * ends of the line). Foggia has two ids: 1348 as origin, 1349 as destination. Peschici
 * (1529) is origin only.
 *
 * Daily line, AW109 I-HELA, all year. On Mondays and Fridays, and on Saturdays and Sundays
 * in summer (= high season, 15 June – 15 September), the rotations stop at Vieste:
 *
 *   direct days (Tue–Thu; Sat–Sun outside summer)   Vieste days (Mon, Fri; Sat–Sun in summer)
 *   LID101 Foggia 08:30 → Tremiti 08:50             LID111 Foggia 08:30 → Vieste 08:50
 *                                                          Vieste 09:05 → Tremiti 09:20
 *   LID102 Tremiti 09:10 → Foggia 09:30             LID112 Tremiti 09:40 → Vieste 09:55
 *                                                          Vieste 10:10 → Foggia 10:30
 *   LID103 Foggia 14:00 → Tremiti 14:20             LID113 Foggia 14:00 → Vieste 14:20
 *                                                          Vieste 14:35 → Tremiti 14:50
 *   LID104 Tremiti 14:40 → Foggia 15:00             LID114 Tremiti 15:10 → Vieste 15:25
 *                                                          Vieste 15:40 → Foggia 16:00
 *
 * (The afternoon rotation ends by 16:00 so that it lands in daylight in December.)
 *
 * Summer only, every day, AW139 I-HELC:
 *   LID301 Peschici 10:30 → Tremiti 10:40   (the aircraft is positioned empty from Foggia,
 *                                            09:50 → 10:10; that ferry is not sold)
 *   LID302 Tremiti 11:00 → Foggia 11:20
 *   LID303 Foggia 18:00 → Tremiti 18:20     (evening rotation for day trippers)
 *   LID304 Tremiti 18:40 → Foggia 19:00
 *
 * AW109 I-HELB is the spare and flies charters and extra flights (codes LID9xx), which are
 * added per date by staff, not by patterns.
 */

interface PlannedLeg {
  originId: PlaceId;
  destinationId: PlaceId;
  /** Rome wall-clock time, HH:mm. */
  departs: string;
  arrives: string;
}

/** A pattern flies on a date when any of its rules matches (weekday, and season if given). */
interface RunsOn {
  weekdays: readonly IsoWeekday[];
  season?: Season;
}

interface SchedulePattern {
  /** Stable name stored on generated flights (flights.pattern). */
  name: string;
  code: string;
  registration: Registration;
  runs: readonly RunsOn[];
  legs: readonly PlannedLeg[];
}

export interface PlannedFlight {
  code: string;
  pattern: string;
  registration: Registration;
  aircraftModel: string;
  legs: PlannedLeg[];
}

export const FLIGHT_CODE_PATTERN = /^LID\d{3}$/;
export const MIN_TURNAROUND_MINUTES = 10;

/** Block time in minutes between two heliports (by place code, either direction). */
export const BLOCK_MINUTES: Readonly<Record<string, number>> = {
  'FOG-TRE': 20,
  'FOG-VIE': 20,
  'TRE-VIE': 15,
  'PES-TRE': 10,
};

const { foggiaDeparture: FOG_DEP, foggiaArrival: FOG_ARR, tremiti: TRE, vieste: VIE, peschici: PES } = PLACE_IDS;

const DIRECT_DAYS: readonly RunsOn[] = [{ weekdays: [2, 3, 4] }, { weekdays: [6, 7], season: 'low' }];
const VIESTE_DAYS: readonly RunsOn[] = [{ weekdays: [1, 5] }, { weekdays: [6, 7], season: 'high' }];
const SUMMER_DAILY: readonly RunsOn[] = [{ weekdays: [1, 2, 3, 4, 5, 6, 7], season: 'high' }];

const leg = (originId: PlaceId, departs: string, destinationId: PlaceId, arrives: string): PlannedLeg => ({
  originId,
  destinationId,
  departs,
  arrives,
});

export const SCHEDULE_PATTERNS: readonly SchedulePattern[] = [
  // Daily line, direct.
  { name: 'morning-out', code: 'LID101', registration: 'I-HELA', runs: DIRECT_DAYS, legs: [leg(FOG_DEP, '08:30', TRE, '08:50')] },
  { name: 'morning-back', code: 'LID102', registration: 'I-HELA', runs: DIRECT_DAYS, legs: [leg(TRE, '09:10', FOG_ARR, '09:30')] },
  { name: 'afternoon-out', code: 'LID103', registration: 'I-HELA', runs: DIRECT_DAYS, legs: [leg(FOG_DEP, '14:00', TRE, '14:20')] },
  { name: 'afternoon-back', code: 'LID104', registration: 'I-HELA', runs: DIRECT_DAYS, legs: [leg(TRE, '14:40', FOG_ARR, '15:00')] },
  // Daily line with the Vieste stop.
  {
    name: 'morning-out-vieste',
    code: 'LID111',
    registration: 'I-HELA',
    runs: VIESTE_DAYS,
    legs: [leg(FOG_DEP, '08:30', VIE, '08:50'), leg(VIE, '09:05', TRE, '09:20')],
  },
  {
    name: 'morning-back-vieste',
    code: 'LID112',
    registration: 'I-HELA',
    runs: VIESTE_DAYS,
    legs: [leg(TRE, '09:40', VIE, '09:55'), leg(VIE, '10:10', FOG_ARR, '10:30')],
  },
  {
    name: 'afternoon-out-vieste',
    code: 'LID113',
    registration: 'I-HELA',
    runs: VIESTE_DAYS,
    legs: [leg(FOG_DEP, '14:00', VIE, '14:20'), leg(VIE, '14:35', TRE, '14:50')],
  },
  {
    name: 'afternoon-back-vieste',
    code: 'LID114',
    registration: 'I-HELA',
    runs: VIESTE_DAYS,
    legs: [leg(TRE, '15:10', VIE, '15:25'), leg(VIE, '15:40', FOG_ARR, '16:00')],
  },
  // Summer flights.
  { name: 'summer-peschici', code: 'LID301', registration: 'I-HELC', runs: SUMMER_DAILY, legs: [leg(PES, '10:30', TRE, '10:40')] },
  { name: 'summer-midday-back', code: 'LID302', registration: 'I-HELC', runs: SUMMER_DAILY, legs: [leg(TRE, '11:00', FOG_ARR, '11:20')] },
  { name: 'summer-evening-out', code: 'LID303', registration: 'I-HELC', runs: SUMMER_DAILY, legs: [leg(FOG_DEP, '18:00', TRE, '18:20')] },
  { name: 'summer-evening-back', code: 'LID304', registration: 'I-HELC', runs: SUMMER_DAILY, legs: [leg(TRE, '18:40', FOG_ARR, '19:00')] },
];

function patternRunsOn(pattern: Pick<SchedulePattern, 'runs'>, isoDate: string): boolean {
  const weekday = isoWeekday(isoDate);
  const season = seasonOn(isoDate);
  return pattern.runs.some((r) => r.weekdays.includes(weekday) && (r.season === undefined || r.season === season));
}

/** Whether the daily line stops at Vieste on this date (Mon, Fri; Sat and Sun in summer). */
export function isViesteDay(isoDate: string): boolean {
  return patternRunsOn({ runs: VIESTE_DAYS }, isoDate);
}

/** The flights the timetable plans on a Rome calendar date, in departure order. */
export function plannedFlightsOn(isoDate: string, patterns: readonly SchedulePattern[] = SCHEDULE_PATTERNS): PlannedFlight[] {
  return patterns
    .filter((p) => patternRunsOn(p, isoDate))
    .map((p) => ({
      code: p.code,
      pattern: p.name,
      registration: p.registration,
      aircraftModel: aircraftByRegistration(p.registration)?.model ?? '',
      legs: p.legs.map((l) => ({ ...l })),
    }))
    .sort((a, b) => minutesOfDay(a.legs[0]!.departs) - minutesOfDay(b.legs[0]!.departs) || a.code.localeCompare(b.code));
}

/** A planned leg's departure and arrival on a date, as UTC ISO instants. */
export function legInstants(isoDate: string, planned: Pick<PlannedLeg, 'departs' | 'arrives'>): { departsAt: string; arrivesAt: string } {
  return {
    departsAt: romeDateTimeToUtc(isoDate, planned.departs).toISOString(),
    arrivesAt: romeDateTimeToUtc(isoDate, planned.arrives).toISOString(),
  };
}
