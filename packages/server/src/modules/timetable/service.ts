import type { TFlightDay, TFlightDaySegment } from '@heliline/domain';
import { addDays, dayjs, isoWeekday, type Lang, LANGS, type Localized, MESSAGES, OPERATOR_TZ, placeById, romeToday } from '@heliline/domain';
import type { PublicLegRow, ScheduleService } from '../schedule/service.ts';

/** How far ahead the departure board looks for the next flight. */
export const NEXT_FLIGHT_HORIZON_DAYS = 30;

export type Segment = TFlightDaySegment;
export type DayFlight = TFlightDay;

/**
 * The departure board's answer. With no flight in the next NEXT_FLIGHT_HORIZON_DAYS days the
 * date, time and seconds are null and displayMessage says so (the board shows the text and
 * no countdown).
 */
export interface NextFlight {
  nextFlightDate: string | null;
  nextFlightTime: string | null;
  displayMessage: string;
  displayMessages: Localized;
  secondsToNextFlight: number | null;
  flightCode: string | null;
}

export interface WeekGrid {
  /** The seven Rome calendar dates, Monday first. */
  days: string[];
  /** One row per flight code, in order of the earliest takeoff; cells by day (null: not flown). */
  rows: { code: string; cells: (Segment[] | null)[] }[];
}

export type Clock = () => Date;

/** Rome wall-clock HH:mm of a UTC instant. */
export const romeTime = (iso: string) => dayjs(iso).tz(OPERATOR_TZ).format('HH:mm');

const placeName = (id: number, lang: Lang) => placeById(id)?.name[lang] ?? String(id);

function toSegments(legs: PublicLegRow[], lang: Lang): Segment[] {
  return legs.map((l) => ({
    counter: l.seq,
    source: placeName(l.origin_id, lang),
    takeoff: romeTime(l.departs_at),
    destination: placeName(l.destination_id, lang),
    landing: romeTime(l.arrives_at),
  }));
}

/** Groups legs (already in flying order) by flight, keeping the order. */
function byFlight(legs: PublicLegRow[]): PublicLegRow[][] {
  const groups = new Map<number, PublicLegRow[]>();
  for (const l of legs) {
    const g = groups.get(l.flight_id);
    if (g) g.push(l);
    else groups.set(l.flight_id, [l]);
  }
  return [...groups.values()];
}

/** "LID111 Foggia → Vieste → Isole Tremiti" */
function routeText(legs: PublicLegRow[], lang: Lang): string {
  const stops = [placeName(legs[0]!.origin_id, lang), ...legs.map((l) => placeName(l.destination_id, lang))];
  return `${legs[0]!.code} ${stops.join(' → ')}`;
}

/**
 * Next flight, flights of a day and the week grid, read from the real schedule
 * (flights + flight_legs). "Now" comes from an injectable clock so tests can stand anywhere.
 */
export class TimetableService {
  constructor(
    private readonly schedule: ScheduleService,
    private readonly clock: Clock = () => new Date(),
  ) {}

  async nextFlight(lang: Lang): Promise<NextFlight> {
    const now = this.clock();
    const until = new Date(now.getTime() + NEXT_FLIGHT_HORIZON_DAYS * 86_400_000);
    const legs = await this.schedule.nextPublicFlight(now.toISOString(), until.toISOString());
    if (legs.length === 0) {
      const messages = MESSAGES.noUpcomingFlight;
      return { nextFlightDate: null, nextFlightTime: null, displayMessage: messages[lang], displayMessages: messages, secondsToNextFlight: null, flightCode: null };
    }
    const first = legs[0]!;
    const takeoff = dayjs(first.departs_at).tz(OPERATOR_TZ);
    const messages = Object.fromEntries(LANGS.map((l) => [l, `${MESSAGES.nextFlightLabel[l]}: ${routeText(legs, l)}`])) as Localized;
    return {
      nextFlightDate: takeoff.format('DD/MM/YYYY'),
      nextFlightTime: takeoff.format('HH:mm'),
      displayMessage: messages[lang],
      displayMessages: messages,
      secondsToNextFlight: Math.max(0, Math.floor((new Date(first.departs_at).getTime() - now.getTime()) / 1000)),
      flightCode: first.code,
    };
  }

  /** Public flights of one Rome calendar date (YYYY-MM-DD), in order of takeoff. */
  async flightsOn(isoDate: string, lang: Lang): Promise<DayFlight[]> {
    const legs = await this.schedule.publicLegsBetween(isoDate, isoDate);
    return byFlight(legs).map((f) => ({ description: f[0]!.code, code: f[0]!.code, segments: toSegments(f, lang) }));
  }

  /** Today's Rome calendar date by this service's clock. */
  today(): string {
    return romeToday(this.clock());
  }

  /** The week (Monday to Sunday) that contains today in Rome. */
  currentWeek(): string[] {
    const today = this.today();
    const monday = addDays(today, 1 - isoWeekday(today));
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }

  async weekGrid(lang: Lang): Promise<WeekGrid> {
    const days = this.currentWeek();
    const legs = await this.schedule.publicLegsBetween(days[0]!, days[6]!);
    const rows = new Map<string, { code: string; cells: (Segment[] | null)[]; firstTime: string }>();
    for (const flight of byFlight(legs)) {
      const code = flight[0]!.code;
      const row = rows.get(code) ?? { code, cells: days.map(() => null), firstTime: romeTime(flight[0]!.departs_at) };
      row.cells[days.indexOf(flight[0]!.service_date)] = toSegments(flight, lang);
      const time = romeTime(flight[0]!.departs_at);
      if (time < row.firstTime) row.firstTime = time;
      rows.set(code, row);
    }
    const sorted = [...rows.values()].sort((a, b) => a.firstTime.localeCompare(b.firstTime) || a.code.localeCompare(b.code));
    return { days, rows: sorted.map(({ code, cells }) => ({ code, cells })) };
  }
}
