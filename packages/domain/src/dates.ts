// Calendar arithmetic and one Intl formatter for Rome's clock, no date library: a page that needs
// only today's date in Rome (the timetable) downloads none (decision 032). dayjs, for the modules
// that format with it, is in ./dayjs.ts.

/** The operator's clock: schedules, seasons and cut-offs are all Rome local time. */
export const OPERATOR_TZ = 'Europe/Rome';

const WIRE_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Days in a month (1–12) of a year. */
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeapYear(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Strictly parse DD/MM/YYYY into an ISO calendar date (YYYY-MM-DD), or null. Years 0000–0099 are
 * refused, as dayjs's strict parsing refused them (a JS Date maps them to 19xx).
 */
export function parseWireDate(value: string): string | null {
  const match = WIRE_DATE.exec(value);
  if (!match) return null;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const y = Number(yyyy);
  const m = Number(mm);
  const d = Number(dd);
  if (y < 100 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** ISO calendar date (YYYY-MM-DD) to DD/MM/YYYY. */
export function toWireDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

interface CalendarDay {
  y: number;
  /** 1–12 */
  m: number;
  d: number;
}

/** Years 0000–0099 read as 1900–1999, as dayjs (a JS Date) read them; null for other strings. */
function calendarDay(isoDate: string): CalendarDay | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  // Out-of-range days and months roll over (2026-02-30 is 2 March), as they did in a JS Date.
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return { y: day.getUTCFullYear(), m: day.getUTCMonth() + 1, d: day.getUTCDate() };
}

/** Days since 1970-01-01 (the ms of UTC midnight / one day). */
const dayNumber = (c: CalendarDay) => Date.UTC(c.y, c.m - 1, c.d) / DAY_MS;

/** `n` months after a day, the day of the month clamped to the target month's length (as dayjs's `add(n, 'month')`). */
function addMonths(c: CalendarDay, n: number): number {
  const index = c.y * 12 + (c.m - 1) + n;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return dayNumber({ y, m, d: Math.min(c.d, daysInMonth(y, m)) });
}

/** Months from `b` back to `a`, with a fraction (moment's and dayjs's monthDiff, on whole days). */
function monthDiff(a: CalendarDay, b: CalendarDay): number {
  if (a.d < b.d) return -monthDiff(b, a);
  const whole = (b.y - a.y) * 12 + (b.m - a.m);
  const anchor = addMonths(a, whole);
  const bDay = dayNumber(b);
  const before = bDay - anchor < 0;
  const anchor2 = addMonths(a, whole + (before ? -1 : 1));
  return +(-(whole + (bDay - anchor) / (before ? anchor - anchor2 : anchor2 - anchor)) || 0);
}

/**
 * Full years between a birth date and a reference date (both YYYY-MM-DD): one more on each
 * birthday, 28 February being the birthday of 29 February births in common years. Negative
 * (towards zero) when the reference date comes first; NaN for a string that is not YYYY-MM-DD.
 */
export function ageOn(birthIsoDate: string, onIsoDate: string): number {
  const birth = calendarDay(birthIsoDate);
  const on = calendarDay(onIsoDate);
  if (!birth || !on) return Number.NaN;
  const years = monthDiff(on, birth) / 12;
  return years < 0 ? Math.ceil(years) || 0 : Math.floor(years);
}

/** Rome's clock: the time-zone database that comes with the platform knows its summer time. */
const romeClock = new Intl.DateTimeFormat('en-US', {
  timeZone: OPERATOR_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  era: 'short',
});

interface WallClock extends CalendarDay {
  /** The wall-clock time as ms since UTC midnight of its own calendar day. */
  msOfDay: number;
}

/** The Rome calendar date and time of an instant. */
function romeWallClock(instantMs: number): WallClock {
  let y = 0;
  let m = 0;
  let d = 0;
  let h = 0;
  let min = 0;
  let s = 0;
  let bc = false;
  for (const part of romeClock.formatToParts(instantMs)) {
    if (part.type === 'year') y = Number(part.value);
    else if (part.type === 'month') m = Number(part.value);
    else if (part.type === 'day') d = Number(part.value);
    else if (part.type === 'hour') h = Number(part.value);
    else if (part.type === 'minute') min = Number(part.value);
    else if (part.type === 'second') s = Number(part.value);
    else if (part.type === 'era') bc = part.value === 'BC' || part.value === 'B';
  }
  const ms = ((instantMs % 1000) + 1000) % 1000;
  return { y: bc ? 1 - y : y, m, d, msOfDay: ((h * 60 + min) * 60 + s) * 1000 + ms };
}

/** UTC ms of a wall-clock reading taken as if it were UTC. */
const asIfUtc = (c: WallClock) => {
  const t = new Date(0);
  t.setUTCFullYear(c.y, c.m - 1, c.d);
  return t.getTime() + c.msOfDay;
};

/** Rome's offset from UTC at an instant, in ms. */
const romeOffset = (instantMs: number) => asIfUtc(romeWallClock(instantMs)) - instantMs;

const isoOf = (c: CalendarDay) => `${c.y < 0 ? '-' : ''}${String(Math.abs(c.y)).padStart(4, '0')}-${pad2(c.m)}-${pad2(c.d)}`;

/** The calendar date in Rome (YYYY-MM-DD) of an instant (Date, or an ISO instant with its offset). */
export function romeDateOf(instant: Date | string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return isoOf(romeWallClock(ms));
}

/** The Rome date and time of an instant, 'YYYY-MM-DD HH:mm:ss'. */
export function romeDateTimeText(instant: Date): string {
  const c = romeWallClock(instant.getTime());
  const seconds = Math.floor(c.msOfDay / 1000);
  return `${isoOf(c)} ${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
}

/** Today's calendar date in Rome (YYYY-MM-DD). */
export function romeToday(now: Date = new Date()): string {
  return romeDateOf(now);
}

/**
 * A Rome wall-clock time on a calendar date, as a UTC instant. On the spring-forward night a time
 * that does not exist (02:00–02:59) moves an hour on (02:30 → 03:30 summer time); on the autumn
 * night the repeated hour is taken at its first occurrence (summer time) — the rule Temporal calls
 * "compatible". (dayjs.tz picked the repeated hour's offset by the season of the current day.)
 */
export function romeDateTimeToUtc(isoDate: string, hhmm: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const [h, min] = hhmm.split(':').map(Number) as [number, number];
  const local = asIfUtc({ y, m, d, msOfDay: (h * 60 + min) * MINUTE_MS });
  // Rome's offsets a day either side: one change at most lies between them.
  const before = romeOffset(local - DAY_MS);
  const after = romeOffset(local + DAY_MS);
  if (before === after) return new Date(local - before);
  const early = local - Math.max(before, after);
  const late = local - Math.min(before, after);
  const earlyFits = romeOffset(early) === Math.max(before, after);
  const lateFits = romeOffset(late) === Math.min(before, after);
  if (earlyFits) return new Date(early); // repeated hour: its first occurrence (or the only reading)
  if (lateFits) return new Date(late);
  return new Date(local - before); // skipped hour: read with the offset before the change
}
