import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
// A script of the repo (scripts/ensure-built.d.mts types it); it builds the server when src/ changed.
import { ensureBuilt, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../../scripts/ensure-built.mjs';

/**
 * The compiled server as production runs it (dist/main.js, like e2e/server.mjs), on a port of
 * this worktree's test range, killable with SIGKILL and restartable on the same database.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  readonly url: string;

  constructor(private readonly options: { port: number; databaseUrl: string; logFile: string; env?: Record<string, string> }) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  static build(): void {
    ensureBuilt(['server']);
  }

  async start(): Promise<void> {
    const log = openSync(this.options.logFile, 'a');
    this.child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.options.port),
        APP_URL: this.url,
        DATABASE_URL: this.options.databaseUrl,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        // All buyers come from 127.0.0.1: per-IP limits (requests, unpaid seats) would throttle the test itself.
        RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
        HOLD_SEATS_PER_BUYER: '1000',
        // The server's own sweeper, often: holds that end are released by it, not by the test.
        HOLD_SWEEP_INTERVAL_SECONDS: '1',
        ...this.options.env,
      },
    });
    const started = Date.now();
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}; see ${this.options.logFile}`);
      const ok = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() - started > 30_000) throw new Error(`server not up after 30 s; see ${this.options.logFile}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** kill -9: no shutdown hook runs, in-flight transactions are cut where they are. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    this.child = null;
  }
}
