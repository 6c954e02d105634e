import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/ensure-built.mjs';
import { assertPortFree, type Started, startNode, waitForHttp } from './processes.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS_DIR = join(ROOT, 'bench/results');
/** Keeps one run's logs only (names starting with `prefixes`): the app logs every request, hundreds of MB per run. */
export function clearOldLogs(prefixes: string[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const f of readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.log') && prefixes.some((p) => f.startsWith(p)))) rmSync(join(RESULTS_DIR, f));
}

/** What `npm start` runs (scripts/start.mjs), flags included. */
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, join(ROOT, 'packages/server/dist/main.js')];

/**
 * The only setting that differs from `npm start`, besides where it listens and which database
 * it uses: a load test comes from one address, which production would rightly throttle.
 */
export const LOAD_TEST_SETTINGS = {
  /** Per-address limits (login bucket, seats one address may hold) do not count 127.0.0.1. */
  RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
} as const;

export interface AppProcess extends Started {
  url: string;
  logFile: string;
}

/** The compiled server exactly as `npm start` runs it, plus LOAD_TEST_SETTINGS; its log goes to a file. */
export async function startApp(o: { port: number; databaseUrl: string; logFile: string; cpuProfileDir?: string }): Promise<AppProcess> {
  await assertPortFree(o.port, 'the app');
  const profile = o.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfileDir}`] : [];
  const env = { ...process.env, PORT: String(o.port), HOST: '127.0.0.1', DATABASE_URL: o.databaseUrl, ...LOAD_TEST_SETTINGS };
  const started = startNode([...profile, ...SERVER_ARGS], { env, logFile: o.logFile, cwd: ROOT });
  const url = `http://127.0.0.1:${o.port}`;
  await waitForHttp(`${url}/api/health`, started, `the app (log: ${o.logFile})`);
  return { ...started, url, logFile: o.logFile };
}

/** The limit: a bare Fastify answering {hello:'world'}, in its own process. */
export async function startHelloWorld(port: number, logFile: string): Promise<AppProcess> {
  await assertPortFree(port, 'the hello-world');
  const started = startNode([join(ROOT, 'bench/http/hello-world.mjs'), String(port)], { env: process.env, logFile, cwd: ROOT });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, started, 'the hello-world server');
  return { ...started, url, logFile };
}
