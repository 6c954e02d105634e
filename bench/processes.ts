import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';

/**
 * Every process the bench starts, killed when the bench ends however it ends: normal exit,
 * an error, or Ctrl-C. Cleanups (dropping the bench's database) run once, after the kills.
 */
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
let ending: Promise<void> | null = null;

export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}

/** True once a signal or the end of the run has started stopping everything (errors after that are its echo). */
export const isEnding = () => ending !== null;

/** Stops what is still running and runs the cleanups (newest first); a second call waits for the first. */
export function endAll(): Promise<void> {
  ending ??= (async () => {
    await Promise.all([...children].map((child) => stop(child)));
    for (const fn of cleanups.reverse()) await fn().catch((err: unknown) => console.error(`cleanup failed: ${(err as Error).message}`));
  })();
  return ending;
}

// Ctrl-C reaches every process of the terminal's group, and tsx passes it on once more: the
// first signal starts the cleanup, later ones must not cut it short.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (ending) return;
    console.error(`\n${signal}: stopping the bench's processes…`);
    void endAll().finally(() => process.exit(130));
  });
}
// Last resort (an exception escaped): no process outlives the bench.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export interface Started {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts `node args…` writing straight into `logFile`, as a production log would: through a
 * pipe to this busy load generator, a synchronous logger would wait for it to drain.
 */
export function startNode(args: string[], options: { env: NodeJS.ProcessEnv; logFile: string; cwd: string }): Started {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', log, log] });
  closeSync(log);
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  if (!child.pid) throw new Error(`could not start node ${args.join(' ')}`);
  return { child, pid: child.pid, exited };
}

/** SIGINT (the app closes cleanly and writes its CPU profile), SIGKILL after 10 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/** Polls `url` until it answers 2xx; fails when the process ends first or after `seconds`. */
export async function waitForHttp(url: string, started: Started, what: string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let exited = false;
  void started.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${what} ended before it answered on ${url} (see its log)`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer on ${url} within ${seconds} s`);
}

/** Fails when something already listens on `port`: the bench would otherwise measure that server instead of its own. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} (${what}) is taken: stop what listens there or set BENCH_PORT`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
