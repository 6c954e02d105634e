import { Worker } from 'node:worker_threads';

/**
 * The thread's whole program: sync the WAL file each time it is asked, and say how it went.
 * `fdatasync` on a descriptor of its own flushes what SQLite wrote through its own: Linux keeps
 * one page cache per file. Opened on first use (the WAL exists once the first commit is written),
 * with the directory synced once, so the file's name survives a power cut too.
 */
const SYNC_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, fdatasyncSync, fsyncSync, closeSync } = require('node:fs');
const { dirname } = require('node:path');
let fd = null;
parentPort.on('message', () => {
  try {
    if (fd === null) {
      fd = openSync(workerData.walPath, 'r+');
      const dir = openSync(dirname(workerData.walPath), 'r');
      try { fsyncSync(dir); } finally { closeSync(dir); }
    }
    fdatasyncSync(fd);
    parentPort.postMessage(null);
  } catch (err) {
    parentPort.postMessage({ message: String(err && err.message), code: err && err.code });
  }
});
`;

interface Waiter {
  resolve(): void;
  reject(err: Error): void;
}

/**
 * Makes SQLite's committed transactions durable off the event loop (decision 042). The
 * connection runs with synchronous = NORMAL, so a COMMIT returns without waiting for the disk;
 * a write group's callers are answered once `sync()` resolves, that is once the WAL holding their
 * commit has been flushed by a thread of its own (not libuv's pool, which password hashing can
 * fill). The event loop meanwhile runs the next group.
 *
 * Calls that arrive while a sync is running share the next one: a sync started after a commit
 * covers it, whichever group it was asked for.
 *
 * A failed sync fails every later one too: after a write-back error Linux reports the loss once,
 * and a later sync that succeeds proves nothing about the pages lost. Writes then answer 500 until
 * the process restarts, rather than acknowledge what may not be on disk.
 */
export class WalSync {
  private readonly worker: Worker;
  /** Callers the running sync covers. */
  private running: Waiter[] | null = null;
  /** Callers waiting for the next sync. */
  private next: Waiter[] = [];
  private failure: Error | null = null;
  /** Syncs completed (tests read it). */
  completed = 0;

  constructor(walPath: string) {
    // No inherited flags: a parent run with --input-type=module or a loader would turn this script into a module.
    this.worker = new Worker(SYNC_THREAD, { eval: true, execArgv: [], workerData: { walPath } });
    // Idle, the thread does not keep the process alive; while a sync runs it does (start()), or a
    // script awaiting its last write could end before hearing that it is on disk.
    this.worker.unref();
    this.worker.on('message', (outcome: { message: string; code?: string } | null) => this.finished(outcome));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', () => this.fail(new Error('the WAL sync thread exited')));
  }

  sync(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.next.push({ resolve, reject });
      if (!this.running) this.start();
    });
  }

  /** After a last sync: the callers still waiting for one are answered, not failed. */
  async close(): Promise<void> {
    await this.sync().catch(() => undefined);
    this.fail(new Error('the database is closed'));
    await this.worker.terminate();
  }

  private start(): void {
    this.running = this.next;
    this.next = [];
    this.worker.ref();
    this.worker.postMessage(null);
  }

  private finished(outcome: { message: string; code?: string } | null): void {
    const covered = this.running ?? [];
    this.running = null;
    this.worker.unref();
    if (outcome) return this.fail(Object.assign(new Error(`WAL sync failed: ${outcome.message}`), { code: outcome.code }), covered);
    this.completed++;
    for (const waiter of covered) waiter.resolve();
    if (this.next.length > 0) this.start();
  }

  private fail(err: Error, covered: Waiter[] = this.running ?? []): void {
    this.failure ??= err;
    const waiting = [...covered, ...this.next];
    this.running = null;
    this.next = [];
    for (const waiter of waiting) waiter.reject(this.failure);
  }
}
