import { ms, perSecond, type Row, verdict } from '../report.ts';
import { BOOKING_TARGETS, type DialectName, RACE, READ_TARGETS } from '../targets.ts';
import type { InventoryCheck } from './invariants.ts';
import { count, type Figure, otherErrors } from './load.ts';
import type { RaceResult } from './race.ts';

/** A read's figure, and the hello-world's measured in turns with it (measurePaired): the limit it is judged against. */
export interface ReadFigure {
  figure: Figure;
  limit: Figure;
}

/** One run's figures; a path left out by --only has none. */
export interface Figures {
  /** The hello-world alone, before every path and after them: the run's drift. */
  helloFirst: Figure;
  helloLast: Figure;
  flights?: ReadFigure;
  nextFlight?: ReadFigure;
  documentTypes?: ReadFigure;
  authUser?: ReadFigure;
  bookingCapacity?: Figure;
  bookingLatency?: Figure;
  race?: RaceResult;
}

const latencies = (f: Figure) => `p50 ${ms(f.p50)}, p99 ${ms(f.p99)}`;
/** The server's CPU per answer: what compares builds on a shared machine (bench/http/cpu-time.ts). */
const cpu = (f: Figure) =>
  f.cpuUsPerAnswer === null || f.serverCores === null
    ? ''
    : `, CPU ${Math.round(f.cpuUsPerAnswer).toLocaleString('en-US')} µs/answer (${f.serverCores.toFixed(2)} cores busy, machine ${Math.round(f.machineIdle * 100)}% idle)`;

function readRow(name: string, read: ReadFigure | undefined, target: { minRatio: number; maxP99Ms?: number }): Row[] {
  if (!read) return [];
  const { figure: f, limit } = read;
  const ratio = f.rps / limit.rps;
  const p99Ok = target.maxP99Ms === undefined || f.p99 <= target.maxP99Ms;
  return [
    {
      name,
      figure: `${perSecond(f.rps)} (${ratio.toFixed(2)}× hello-world's ${perSecond(limit.rps)} in turns with it), ${latencies(f)}${cpu(f)}, errors ${f.errors}${f.errors ? ` (${otherErrors(f).text})` : ''}`,
      target: `≥ ${target.minRatio}×${target.maxP99Ms === undefined ? '' : `, p99 ≤ ${target.maxP99Ms} ms`}, 0 errors`,
      verdict: verdict(ratio >= target.minRatio && p99Ok && f.errors === 0),
    },
  ];
}

function bookingRows(dialect: DialectName, capacity: Figure | undefined, latency: Figure | undefined, limit: number): Row[] {
  const target = BOOKING_TARGETS[dialect];
  const seatsGone = (s: number) => s === 409;
  const otherOf = (f: Figure) => otherErrors(f, seatsGone).n;
  const outcome = (f: Figure) => {
    const other = otherErrors(f, seatsGone);
    return `2xx ${count(f, (s) => s >= 200 && s < 300)}, 409 ${count(f, seatsGone)}, other ${other.n}${other.n ? ` (${other.text})` : ''}`;
  };
  const rows: Row[] = [];
  if (capacity)
    rows.push({
      name: 'POST /api/bookings, closed loop',
      figure: `${perSecond(capacity.rps)} (${(capacity.rps / limit).toFixed(2)}×), ${latencies(capacity)}${cpu(capacity)}; ${outcome(capacity)}`,
      target: `≥ ${perSecond(target.minRate)}, no other errors`,
      verdict: verdict(capacity.rps >= target.minRate && otherOf(capacity) === 0),
    });
  if (latency)
    rows.push({
      name: `POST /api/bookings at ${perSecond(target.offeredRate)} offered`,
      figure: `${perSecond(latency.rps)} done, ${latencies(latency)}${cpu(latency)}; ${outcome(latency)}`,
      target: `p99 ≤ ${target.maxP99Ms} ms, no other errors`,
      verdict: verdict(latency.p99 <= target.maxP99Ms && otherOf(latency) === 0),
    });
  return rows;
}

function raceRows(race: RaceResult | undefined, inventory: InventoryCheck): Row[] {
  const rows: Row[] = [];
  if (race)
    rows.push({
      name: `race: ${race.buyers} buyers, ${RACE.seats} seats`,
      figure: `holds ${race.holds}, 409 ${race.conflicts}, 5xx ${race.serverErrors}, other ${race.other}, slowest ${ms(race.maxMs)}`,
      target: `holds ${RACE.seats}, 409 ${RACE.buyers - RACE.seats}, 5xx 0, ≤ ${RACE.maxAnswerMs} ms`,
      verdict: verdict(
        race.buyers === RACE.buyers &&
          race.holds === RACE.seats &&
          race.conflicts === RACE.buyers - RACE.seats &&
          race.serverErrors === 0 &&
          race.maxMs <= RACE.maxAnswerMs,
      ),
    });
  rows.push({
    name: 'inventory after the run',
    figure: `${inventory.legs} legs: oversold ${inventory.oversold}, counters ≠ ledger ${inventory.drift}`,
    target: 'oversold 0, counters = ledger',
    verdict: verdict(inventory.oversold === 0 && inventory.drift === 0),
  });
  return rows;
}

/** Every figure of issue 12's table beside its target. */
export function tableRows(dialect: DialectName, f: Figures, inventory: InventoryCheck, rss: { idleMb: number; loadMb: number; peakMb: number }): Row[] {
  const alone = [f.helloFirst, f.helloLast];
  const paired = [f.flights, f.nextFlight, f.documentTypes, f.authUser].flatMap((read) => (read ? [read.limit] : []));
  const best = [...alone, ...paired].reduce((a, b) => (b.rps > a.rps ? b : a));
  const thousands = (...figures: Figure[]) => figures.map((h) => (h.rps / 1000).toFixed(1)).join(', ');
  return [
    {
      name: 'hello-world (the limit)',
      figure: `${perSecond(best.rps)} at best (thousand/s: first ${thousands(f.helloFirst)}${paired.length ? `, in turns with each read ${thousands(...paired)}` : ''}, last ${thousands(f.helloLast)}), ${latencies(best)}${cpu(best)}`,
      target: '—',
      verdict: '',
    },
    ...readRow('GET /api/flights', f.flights, READ_TARGETS.flights),
    ...readRow('GET /api/next-flight', f.nextFlight, READ_TARGETS.nextFlight),
    ...readRow('GET /api/document-types', f.documentTypes, READ_TARGETS.documentTypes),
    ...readRow('GET /api/auth/user (session)', f.authUser, READ_TARGETS.authUser),
    ...bookingRows(dialect, f.bookingCapacity, f.bookingLatency, best.rps),
    ...raceRows(f.race, inventory),
    {
      name: 'app RSS',
      figure: `idle ${rss.idleMb.toFixed(0)} MB, under load ${rss.loadMb.toFixed(0)} MB, peak (VmHWM) ${rss.peakMb.toFixed(0)} MB`,
      target: 'reported',
      verdict: '',
    },
  ];
}
