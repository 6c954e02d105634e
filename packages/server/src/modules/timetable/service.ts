import type { TFlightDay, TFlightDaySegment } from '@heliline/domain';
import { addDays, isoWeekday, type Lang, LANGS, type Localized, MESSAGES, placeById, romeToday, ZNextFlight } from '@heliline/domain';
import { ReadChanges } from '../cache/changes.ts';
import { serialise } from '../cache/json.ts';
import { ReadCache, type Filled } from '../cache/read-cache.ts';
import { romeTime, romeWireDate } from '../schedule/rome-clock.ts';
import { isCancelledLeg, type PublicLegRow, type ScheduleService } from '../schedule/service.ts';

/** How far ahead the departure board looks for the next flight. */
export const NEXT_FLIGHT_HORIZON_DAYS = 30;
const HORIZON_MS = NEXT_FLIGHT_HORIZON_DAYS * 86_400_000;
/** Ceiling of a cached board: a safety net only (writes of flights drop it, and so does the take-off). */
const BOARD_TTL_MS = 5_000;

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

/** The board of one language as read: the answer (its seconds as at the read) and the take-off it counts down to. */
interface Board {
  answer: NextFlight;
  takeOffMs: number | null;
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
  /** The next-flight board by language: kept until a flight changes or the flight takes off. */
  private readonly boards: ReadCache<Board>;
  /** The last JSON sent per language, with the board and countdown it was written from. */
  private readonly lastJson = new Map<Lang, { board: Board; seconds: number | null; json: string }>();

  constructor(
    private readonly schedule: ScheduleService,
    private readonly clock: Clock = () => new Date(),
    changes: ReadChanges = new ReadChanges(),
  ) {
    this.boards = new ReadCache(changes, { ttlMs: BOARD_TTL_MS, maxEntries: LANGS.length });
  }

  async nextFlight(lang: Lang): Promise<NextFlight> {
    const now = this.clock().getTime();
    return countdown(await this.board(lang, now), now);
  }

  private board(lang: Lang, now: number): Promise<Board> {
    return this.boards.get(lang, now, () => this.readBoard(lang, now));
  }

  /**
   * nextFlight as the JSON the route sends: written once per board and second, since only the
   * countdown moves between reads (stringifying it on every request was ~5 % of the request).
   */
  async nextFlightJson(lang: Lang): Promise<string> {
    const now = this.clock().getTime();
    return this.boardJson(lang, await this.board(lang, now), now);
  }

  /** `nextFlightJson` when memory holds the board: the route answers in the same tick. */
  rememberedNextFlightJson(lang: Lang): string | undefined {
    const now = this.clock().getTime();
    const board = this.boards.lookup(lang, now);
    return board === undefined ? undefined : this.boardJson(lang, board, now);
  }

  private boardJson(lang: Lang, board: Board, now: number): string {
    const seconds = board.takeOffMs === null ? null : secondsTo(board.takeOffMs, now);
    const last = this.lastJson.get(lang);
    if (last?.board === board && last.seconds === seconds) return last.json;
    const json = JSON.stringify(countdown(board, now));
    this.lastJson.set(lang, { board, seconds, json });
    return json;
  }

  /**
   * The first public flight from `now` (one statement). The answer changes by time when that
   * flight takes off, or, with none inside the horizon, when the first one beyond comes inside.
   */
  private async readBoard(lang: Lang, now: number): Promise<Filled<Board>> {
    const legs = await this.schedule.nextPublicFlight(new Date(now).toISOString());
    const takeOffMs = legs.length ? Date.parse(legs[0]!.departs_at) : null;
    const sources = { legs: [], schedule: true };
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
      return { value: { answer, takeOffMs: null }, sources, changesAt: takeOffMs === null ? null : takeOffMs - HORIZON_MS + 1 };
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
    // Checked against the wire schema once here, as the route's serializer would on every answer.
    serialise(ZNextFlight, answer);
    return { value: { answer, takeOffMs }, sources, changesAt: takeOffMs + 1 };
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
