/**
 * `npm run bench`: the HTTP suite. Builds the server if stale, prepares a bench database of its
 * own, starts a bare Fastify hello-world and the app (as `npm start` runs it) in their own
 * processes, loads every path of issue 12 with autocannon (bookings at an offered rate with a
 * paced open loop, bench/http/paced.ts), races 1,000 buyers for 6 seats,
 * checks the inventory and prints each figure beside its target. Exit code 1 when one falls short.
 * `--profile` (or BENCH_PROFILE=1) runs each path in its own app started with --cpu-prof.
 * `--only=race,bookings-capacity` measures those steps alone (and hello-world): a quick A/B.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { addDays, HOLD_SEATS_PER_BUYER, romeToday, toWireDate } from '@heliline/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../packages/server/src/seed/demo-users.ts';
import { type AppProcess, clearOldLogs, LOAD_TEST_SETTINGS, RESULTS_DIR, ROOT, SERVER_ARGS, startApp, startHelloWorld } from '../app.ts';
import { type BenchDatabase, createBenchDatabase, migrateAndSeed } from '../database.ts';
import { assertPortFree, endAll, isEnding, onCleanup, stop } from '../processes.ts';
import { formatSummary } from '../profile-summary.mjs';
import { printTable } from '../report.ts';
import { BOOKING_TARGETS, RACE } from '../targets.ts';
import { bookingRequests, type BrowserSession, logIn, logInAll, nextBookingOf, WEB_HEADERS } from './bookings.ts';
import { addBenchData, type BenchData, BUYER_PASSWORD } from './fixtures.ts';
import { checkInventory, type InventoryCheck } from './invariants.ts';
import { LOAD, type LoadSpec, measure, measurePaired } from './load.ts';
import { memoryOf, RssSampler } from './memory.ts';
import { measurePaced } from './paced.ts';
import { runRace } from './race.ts';
import { type Figures, tableRows } from './table.ts';

const PROFILE = process.argv.includes('--profile') || process.env.BENCH_PROFILE === '1';
/** Steps named by --only (by the names the run prints; `bookings-at` for the offered-rate run), or all. */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const wanted = (step: string) => !ONLY || ONLY.some((name) => step === name || step.startsWith(`${name}-`));
const APP_PORT = Number(process.env.BENCH_PORT ?? 4100);
const HELLO_PORT = APP_PORT + 9;
const STAMP = new Date().toISOString().replace(/[:.]/g, '-');
const PROFILE_DIR = join(RESULTS_DIR, 'profiles', STAMP);

/** Seats the booking runs may take: capacity up to 4,000/s plus the latency run, warm-ups included. */
function seatsNeeded(offeredRate: number): number {
  return (LOAD.seconds + LOAD.warmupSeconds) * (4000 + offeredRate);
}

/**
 * Load buyers: bookings (one seat each) go to each in turn, and with this many none holds more
 * unpaid seats than the app's own hold limit lets a real buyer hold. Fewer buyers would each keep
 * hundreds of holds, which the limit forbids, and every booking's hold count would read them all.
 */
function loadBuyersFor(offeredRate: number): number {
  return Math.ceil(seatsNeeded(offeredRate) / HOLD_SEATS_PER_BUYER);
}

async function prepare(db: BenchDatabase): Promise<BenchData> {
  const handle = await db.open();
  try {
    await migrateAndSeed(handle);
    const data = await addBenchData(handle, {
      seats: seatsNeeded(BOOKING_TARGETS[db.dialect].offeredRate),
      loadBuyers: loadBuyersFor(BOOKING_TARGETS[db.dialect].offeredRate),
      raceBuyers: RACE.buyers,
      raceSeats: RACE.seats,
    });
    // PostgreSQL: the rows just written would otherwise be vacuumed, analysed and flushed by
    // background workers while the first paths are measured, on the same two cores.
    if (handle.dialect === 'postgres') for (const statement of ['VACUUM ANALYZE', 'CHECKPOINT']) await sql.raw(statement).execute(handle.db);
    return data;
  } finally {
    await handle.close();
  }
}

/** The first day from the day after tomorrow whose Foggia → Tremiti search lists flights. */
async function searchPath(base: string): Promise<string> {
  for (let day = 2; day < 30; day++) {
    const path = `/api/flights?origin=1348&destination=1511&departureDate=${encodeURIComponent(toWireDate(addDays(romeToday(), day)))}&men=1&women=0&children=0&infants=0&reverse=0`;
    const answer = (await (await fetch(`${base}${path}`, { headers: WEB_HEADERS })).json()) as { flights?: unknown[] };
    if ((answer.flights?.length ?? 0) > 0) return path;
  }
  throw new Error('no day in the next 30 with Foggia → Tremiti flights: the seeded timetable is empty?');
}

interface Context {
  db: BenchDatabase;
  data: BenchData;
  hello: AppProcess;
  sampler: RssSampler | null;
  /** App RSS in MB: after start, highest sample under load, and the kernel's peak (VmHWM). */
  rss: { idleMb: number; loadMb: number; peakMb: number };
  sessions: BrowserSession[] | null;
  profiles: { step: string; file: string }[];
}

function stopSampler(ctx: Context) {
  ctx.sampler?.stop();
  ctx.rss.loadMb = Math.max(ctx.rss.loadMb, ctx.sampler?.highest ?? 0);
  ctx.sampler = null;
}

async function stopApp(ctx: Context, app: AppProcess) {
  ctx.rss.peakMb = Math.max(ctx.rss.peakMb, memoryOf(app.pid).peakMb);
  stopSampler(ctx);
  await stop(app.child);
}

/** Runs one step against the app: the shared one, or (profiling) a fresh one started with --cpu-prof for this step alone. */
async function onApp<T>(ctx: Context, shared: { app: AppProcess | null }, step: string, fn: (app: AppProcess) => Promise<T>): Promise<T> {
  const dir = join(PROFILE_DIR, step);
  if (PROFILE || !shared.app) {
    if (PROFILE) mkdirSync(dir, { recursive: true });
    shared.app = await startApp({
      port: APP_PORT,
      databaseUrl: ctx.db.url,
      logFile: join(RESULTS_DIR, `app-${STAMP}.log`),
      ...(PROFILE ? { cpuProfileDir: dir } : {}),
    });
    ctx.rss.idleMb ||= memoryOf(shared.app.pid).rssMb;
    stopSampler(ctx);
    ctx.sampler = new RssSampler(shared.app.pid);
    ctx.sampler.start();
  }
  const app = shared.app;
  process.stdout.write(`  ${step}… `);
  const result = await fn(app);
  console.log('done');
  if (PROFILE) {
    await stopApp(ctx, app);
    shared.app = null;
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) ctx.profiles.push({ step, file: join(dir, f) });
  }
  return result;
}

async function measureAll(ctx: Context): Promise<Figures> {
  const shared: { app: AppProcess | null } = { app: null };
  const run = <T>(step: string, fn: (app: AppProcess) => Promise<T>) => (wanted(step) ? onApp(ctx, shared, step, fn) : Promise.resolve(undefined));
  const helloWorld: LoadSpec = { url: `${ctx.hello.url}/`, pid: ctx.hello.pid };
  const hello = (step: string) => {
    process.stdout.write(`  ${step}… `);
    return measure(helloWorld).finally(() => console.log('done'));
  };
  // Each read is measured in turns with the hello-world (decision 051): the machine's speed drifts
  // by tens of % within one run, and a limit measured minutes away would measure that drift, not
  // the app. Its first and last runs show the drift.
  const read =
    (path: string, headers: Record<string, string> = {}) =>
    (app: AppProcess) =>
      measurePaired({ url: `${app.url}${path}`, headers: { ...WEB_HEADERS, ...headers }, pid: app.pid }, helloWorld);
  const demo = DEMO_ACCOUNTS.find((a) => a.email === 'user@heliline.test')!;
  const offeredRate = BOOKING_TARGETS[ctx.db.dialect].offeredRate;
  const sessions = async (app: AppProcess) => (ctx.sessions ??= await logInAll(app.url, ctx.data.loadBuyers, BUYER_PASSWORD));
  const bookings = async (app: AppProcess) => measure({ url: app.url, pid: app.pid, requests: bookingRequests(ctx.data.flights, await sessions(app)) });
  const bookingsAt = async (app: AppProcess, rate: number) =>
    measurePaced({ url: app.url, pid: app.pid, rate, next: nextBookingOf(ctx.data.flights, await sessions(app)) });

  const helloFirst = await hello('hello-world (first)');
  const flights = await run('flights', async (app) => read(await searchPath(app.url))(app));
  const nextFlight = await run('next-flight', read('/api/next-flight'));
  const documentTypes = await run('document-types', read('/api/document-types'));
  const authUser = await run('auth-user', async (app) => {
    const { cookie } = await logIn(app.url, { email: demo.email, paxId: 0 }, DEMO_PASSWORD);
    return read('/api/auth/user', { cookie })(app);
  });
  const bookingCapacity = await run('bookings-capacity', (app) => bookings(app));
  const bookingLatency = await run(`bookings-at-${offeredRate}`, (app) => bookingsAt(app, offeredRate));
  const race = await run('race', (app) => runRace(Number(new URL(app.url).port), ctx.data));
  const helloLast = await hello('hello-world (last)');
  if (shared.app) await stopApp(ctx, shared.app);
  return { helloFirst, helloLast, flights, nextFlight, documentTypes, authUser, bookingCapacity, bookingLatency, race };
}

function printHeader(db: BenchDatabase) {
  console.log(`Heliline HTTP bench — ${new Date().toISOString()}, ${db.description}`);
  console.log(
    `load: autocannon, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up (discarded) + ${LOAD.seconds} s measured per path; hello-world on ${HELLO_PORT}, app on ${APP_PORT}`,
  );
  console.log(
    `bookings at an offered rate: an open loop on ${LOAD.connections} keep-alive connections, one request every 1/rate s, latency from when each was due (bench/http/paced.ts)`,
  );
  console.log(`app: node ${SERVER_ARGS.map((arg) => arg.replace(ROOT, '')).join(' ')}, as \`npm start\` runs it; its log: bench/results/app-${STAMP}.log`);
  console.log(
    `settings that differ from \`npm start\`: PORT, HOST=127.0.0.1, DATABASE_URL (the bench's own), ${Object.entries(LOAD_TEST_SETTINGS)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}${PROFILE ? ', --cpu-prof (one app per path)' : ''}`,
  );
}

function printProfiles(ctx: Context) {
  for (const p of ctx.profiles) {
    console.log(`\n=== profile: ${p.step} (${p.file.slice(ROOT.length)})`);
    console.log(formatSummary(p.file, 20));
  }
}

async function main(): Promise<number> {
  const { ensureBuilt } = (await import('../../scripts/ensure-built.mjs')) as { ensureBuilt(names: string[]): void };
  ensureBuilt(['server']);
  clearOldLogs(['app-', 'hello-world-']);
  await assertPortFree(APP_PORT, 'the app');
  await assertPortFree(HELLO_PORT, 'the hello-world');
  const db = await createBenchDatabase();
  onCleanup(() => db.drop());
  printHeader(db);
  process.stdout.write('preparing the database (migrate, seed demo data, bench buyers and flights)… ');
  const data = await prepare(db);
  console.log(`${data.flights.length} bench flights, ${data.loadBuyers.length + data.raceBuyers.length} buyers`);
  const hello = await startHelloWorld(HELLO_PORT, join(RESULTS_DIR, `hello-world-${STAMP}.log`));
  const ctx: Context = { db, data, hello, sampler: null, rss: { idleMb: 0, loadMb: 0, peakMb: 0 }, sessions: null, profiles: [] };
  const figures = await measureAll(ctx);
  await stop(hello.child);
  const handle = await db.open();
  let inventory: InventoryCheck;
  try {
    inventory = await checkInventory(handle.db);
  } finally {
    await handle.close();
  }
  printProfiles(ctx);
  for (const line of inventory.examples.slice(0, 10)) console.log(`inventory: ${line}`);
  const title = `Results (${db.dialect}${PROFILE ? ', under the profiler: slower than without it' : ''}${ONLY ? `, only ${ONLY.join(', ')}: the other targets are not judged` : ''})`;
  const short = printTable(title, tableRows(db.dialect, figures, inventory, ctx.rss));
  return short ? 1 : 0;
}

const code = await main().catch((err: unknown) => {
  if (!isEnding()) console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  return 2;
});
await endAll();
process.exit(code);
