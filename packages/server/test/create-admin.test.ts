import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAdmin } from '../src/cli/admin-command.ts';
import { testConfig } from '../src/config.ts';
import { type DbHandle, dropSchema, openDatabase } from '../src/db/database.ts';
import { seed } from '../src/seed/index.ts';
import { createUser, login } from './accounts-support.ts';
import { Client } from './helpers.ts';

/**
 * Issue 51 item 1: `npm run create-admin` run as the operator runs it — a child process on the
 * configured database (a SQLite file; with DATABASE_URL on PostgreSQL, a schema of its own) —
 * then the Admin logs in through the API.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = 'packages/server/src/cli/create-admin.ts';
const PASSWORD = 'Elicottero2026';
const work = mkdtempSync(join(tmpdir(), 'heliline-admin-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function createAdminProcess(databaseUrl: string, args: string[], options: { input?: string; password?: string } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' };
  delete env.HELILINE_ADMIN_PASSWORD;
  if (options.password !== undefined) env.HELILINE_ADMIN_PASSWORD = options.password;
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env, input: options.input ?? '', encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

interface Target {
  url: string;
  /** Before the command runs: the empty database it is configured for. */
  prepare: () => Promise<void>;
  open: () => Promise<DbHandle>;
  cleanup: () => Promise<void>;
}

function sqliteTarget(): Target {
  const url = `sqlite:${join(work, `admin-${randomBytes(4).toString('hex')}.sqlite`)}`;
  return { url, prepare: async () => undefined, open: () => openDatabase(url), cleanup: async () => undefined };
}

/** A schema of its own, named in the URL the child process reads (libpq's options parameter). */
function postgresTarget(base: string): Target {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const open = () => openDatabase(base, { schema });
  return { url, prepare: async () => (await open()).close(), open, cleanup: () => dropSchema(base, schema) };
}

const pgBase = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const targets: [string, () => Target][] = [['SQLite file', sqliteTarget]];
if (pgBase) targets.push(['PostgreSQL schema', () => postgresTarget(pgBase)]);

describe.each(targets)('npm run create-admin on a %s', (_name, makeTarget) => {
  it('creates a verified Admin that logs in; again for an existing address grants Admin and says so', { timeout: 120_000 }, async () => {
    const target = makeTarget();
    let database: DbHandle | undefined;
    try {
      await target.prepare();
      const created = createAdminProcess(target.url, ['--email', 'Direzione@Example.org', '--name', 'Maria De Santis'], { input: `${PASSWORD}\n` });
      expect(created.status, created.err).toBe(0);
      expect(created.out).toContain('direzione@example.org: Admin account created, e-mail verified.');
      expect(created.out + created.err).not.toContain(PASSWORD);

      database = await target.open();
      await seed(database, { demo: false });
      const app = await buildApp(testConfig(), { database });
      await app.ready();
      try {
        const client = new Client(app);
        await login(client, { email: 'direzione@example.org', password: PASSWORD });
        const { user } = (await client.get('/api/auth/user')).json();
        expect(user).toMatchObject({ email: 'direzione@example.org', verified: true, roles: ['Admin'], pax: { firstname: 'Maria', lastname: 'De Santis' } });
        expect((await client.get('/api/admin/agencies')).statusCode).toBe(200);

        // An unverified customer made Admin: the password given is not used, the account's stays.
        const customer = await createUser(database.db, { verified: false });
        const granted = createAdminProcess(target.url, ['--email', customer.email], { password: 'Different2026' });
        expect(granted.status, granted.err).toBe(0);
        expect(granted.out).toContain(`${customer.email}: the existing account now has the Admin role and a verified e-mail (its password is unchanged).`);
        const again = new Client(app);
        await login(again, customer);
        expect((await again.get('/api/auth/user')).json().user).toMatchObject({ verified: true, roles: ['Admin'] });

        const twice = createAdminProcess(target.url, ['--email', 'direzione@example.org']);
        expect(twice.status, twice.err).toBe(0);
        expect(twice.out).toContain('direzione@example.org: already a verified Admin; nothing changed.');
      } finally {
        await app.close();
      }
    } finally {
      await database?.close();
      await target.cleanup();
    }
  });
});

describe('create-admin refuses, with a message and exit code 2, writing nothing', () => {
  const target = sqliteTarget();
  /** The command in this process (a child process per case would take seconds each); one case below runs as a process. */
  async function refused(args: string[], options: { input?: string; password?: string }, message: string) {
    const out: string[] = [];
    const err: string[] = [];
    const env = { DATABASE_URL: target.url, ...(options.password === undefined ? {} : { HELILINE_ADMIN_PASSWORD: options.password }) };
    const stdin = Readable.from([options.input ?? '']);
    const code = await createAdmin(args, { env, stdin, stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } });
    expect(code, out.join('')).toBe(2);
    expect(err.join('')).toContain(message);
    expect(out).toEqual([]);
    return err.join('');
  }

  it('a bad e-mail, a weak or missing password, an unknown flag or argument — never echoing a password', async () => {
    await refused(['--email', 'not-an-address'], { input: `${PASSWORD}\n` }, '--email: Invalid email address');
    await refused(['--email', 'weak@example.org'], { input: 'short1\n' }, 'password: The password must be at least 8 characters long');
    await refused(['--email', 'weak@example.org'], { password: 'onlyletters' }, 'password: ');
    await refused(['--email', 'none@example.org'], { input: '' }, 'no password: pipe it on standard input or set HELILINE_ADMIN_PASSWORD');
    expect(await refused(['--email', 'flag@example.org', 'Segreto2026'], {}, 'unexpected argument')).not.toContain('Segreto2026');
    await refused([], {}, '--email is required');
    await refused(['--email'], {}, '--email needs a value');
    await refused(['--email', 'name@example.org', '--name', 'Maria'], { input: `${PASSWORD}\n` }, '--name needs a first and a last name');

    const database = await openDatabase(target.url);
    try {
      expect(await database.db.selectFrom('users').select('email').execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('as a process: a password given as a flag is refused by name, its value never printed', { timeout: 60_000 }, () => {
    const run = createAdminProcess(target.url, ['--email', 'flag@example.org', '--password=Segreto2026']);
    expect(run.status).toBe(2);
    expect(run.err).toContain('unknown option --password: the password is read from standard input or HELILINE_ADMIN_PASSWORD');
    expect(run.out + run.err).not.toContain('Segreto2026');
  });
});
