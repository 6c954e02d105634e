import type { TFlightDay, TFlightDaySegment } from '@heliline/domain';
import { addDays, isoWeekday, type Lang, LANGS, type Localized, MESSAGES, placeById, romeToday } from '@heliline/domain';
import { LRUCache } from 'lru-cache';
import { romeTime, romeWireDate } from '../schedule/rome-clock.ts';
import { isCancelledLeg, type PublicLegRow, type ScheduleService } from '../schedule/service.ts';

/** How far ahead the departure board looks for the next flight. */
const NEXT_FLIGHT_HORIZON_DAYS = 30;
const HORIZON_MS = NEXT_FLIGHT_HORIZON_DAYS * 86_400_000;
/** How old the departure board may be (docs/caches.md): a flight added or cancelled shows this much later at most. */
export const BOARD_TTL_MS = 5_000;

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
  cancelled?: true;
}

export interface WeekGrid {
  /** The seven Rome calendar dates, Monday first. */
  days: string[];
  /** One row per flight code, in order of the earliest takeoff; cells by day (null: not flown). */
  rows: { code: string; cells: (Segment[] | null)[] }[];
}

export type Clock = () => Date;

/** The board of one language as read: the answer (its seconds as at the read), the take-off it counts down to, and until when it holds (ms). */
interface Board {
  answer: NextFlight;
  takeOffMs: number | null;
  until: number;
}

const placeName = (id: number, lang: Lang) => placeById(id)?.name[lang] ?? String(id);

function toSegments(legs: PublicLegRow[], lang: Lang): Segment[] {
  return legs.map((l) => ({
    counter: l.seq,
    source: placeName(l.origin_id, lang),
    takeoff: romeTime(l.departs_at),
    destination: placeName(l.destination_id, lang),
    landing: romeTime(l.arrives_at),
    ...(isCancelledLeg(l) ? { cancelled: true as const } : {}),
  }));
}

const secondsTo = (takeOffMs: number, now: number) => Math.max(0, Math.floor((takeOffMs - now) / 1000));

/** The board's answer at `now`: only the seconds to take-off move. */
const countdown = (board: Board, now: number): NextFlight =>
  board.takeOffMs === null ? board.answer : { ...board.answer, secondsToNextFlight: secondsTo(board.takeOffMs, now) };

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
  /** The next-flight board by language, read again after BOARD_TTL_MS or once its flight takes off. */
  private readonly boards = new LRUCache<Lang, Board>({ max: LANGS.length });

  constructor(
    private readonly schedule: ScheduleService,
    private readonly clock: Clock = () => new Date(),
  ) {}

  async nextFlight(lang: Lang): Promise<NextFlight> {
    const now = this.clock().getTime();
    const kept = this.boards.get(lang);
    const board = kept && now < kept.until ? kept : await this.readBoard(lang, now);
    this.boards.set(lang, board);
    return countdown(board, now);
  }

  /**
   * The first public flight from `now` (one statement). The answer changes by time when that
   * flight takes off, or, with none inside the horizon, when the first one beyond comes inside.
   */
  private async readBoard(lang: Lang, now: number): Promise<Board> {
    const legs = await this.schedule.nextPublicFlight(new Date(now).toISOString());
    const takeOffMs = legs.length ? Date.parse(legs[0]!.departs_at) : null;
    const until = (changesAt: number) => Math.min(now + BOARD_TTL_MS, changesAt);
    if (takeOffMs === null || takeOffMs >= now + HORIZON_MS) {
      const messages = MESSAGES.noUpcomingFlight;
      const answer = {
        nextFlightDate: null,
        nextFlightTime: null,
        displayMessage: messages[lang],
        displayMessages: messages,
        secondsToNextFlight: null,
        flightCode: null,
      };
      return { answer, takeOffMs: null, until: until(takeOffMs === null ? Infinity : takeOffMs - HORIZON_MS + 1) };
    }
    const first = legs[0]!;
    const cancelled = legs.some(isCancelledLeg);
    const suffix = (l: Lang) => (cancelled ? ` — ${MESSAGES.flightCancelledLabel[l]}` : '');
    const messages = Object.fromEntries(LANGS.map((l) => [l, `${MESSAGES.nextFlightLabel[l]}: ${routeText(legs, l)}${suffix(l)}`])) as Localized;
    const answer = {
      nextFlightDate: romeWireDate(first.departs_at),
      nextFlightTime: romeTime(first.departs_at),
      displayMessage: messages[lang],
      displayMessages: messages,
      secondsToNextFlight: secondsTo(takeOffMs, now),
      flightCode: first.code,
      ...(cancelled ? { cancelled: true as const } : {}),
    };
    return { answer, takeOffMs, until: until(takeOffMs + 1) };
  }

  /** Public flights of one Rome calendar date (YYYY-MM-DD), in order of takeoff. */
  async flightsOn(isoDate: string, lang: Lang): Promise<DayFlight[]> {
    const legs = await this.schedule.publicLegsBetween(isoDate, isoDate);
    return byFlight(legs).map((f) => ({
      description: f[0]!.code,
      code: f[0]!.code,
      segments: toSegments(f, lang),
      ...(f[0]!.status === 'cancelled' ? { cancelled: true as const } : {}),
    }));
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
