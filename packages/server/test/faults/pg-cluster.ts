import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL cluster of the test's own (temp dir, private port 5440–5449), so a fault test can
 * stop and start a real server without touching the shared one on 5432. Runs the binaries as the
 * postgres user through su, so the test process must be root (CI is); otherwise `available` is false.
 */
export class PrivateCluster {
  private dir = '';

  constructor(readonly port: number) {}

  static get available(): boolean {
    return existsSync(`${BIN}/initdb`) && process.getuid?.() === 0;
  }

  /** Superuser heliline, trust on the private socket and 127.0.0.1 only. */
  get url(): string {
    return `postgres://heliline@127.0.0.1:${this.port}/postgres`;
  }

  async init(): Promise<void> {
    this.dir = await mkdtemp(join(tmpdir(), 'heliline-pg-'));
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(this.dir, uid, gid);
    await this.asPostgres(`${BIN}/initdb -D ${this.dir}/data -U heliline -A trust -E UTF8 --no-sync > ${this.dir}/initdb.log`);
  }

  async start(): Promise<void> {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
    await this.asPostgres(`${BIN}/pg_ctl -D ${this.dir}/data -l ${this.dir}/server.log -o '${opts}' -w -t 30 start > /dev/null`);
  }

  /** Fast shutdown: open connections are terminated (what clients see when a server goes down). */
  async stop(): Promise<void> {
    await this.asPostgres(`${BIN}/pg_ctl -D ${this.dir}/data -m fast -w -t 30 stop > /dev/null`);
  }

  async destroy(): Promise<void> {
    if (!this.dir) return;
    await this.stop().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  private async asPostgres(command: string): Promise<void> {
    await run('su', ['postgres', '-s', '/bin/sh', '-c', command], { timeout: 60_000 });
  }
}
