import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { backup, CONFIRM_FLAG, restore } from '../../../scripts/backup.mjs';
import { type DbHandle, dropSchema, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';
import { createUser } from './accounts-support.ts';

/** npm run backup / restore (issue 11, item 7): back up, change data, restore, and the data is back exactly. */
const ROOT = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'heliline-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TABLES = ['users', 'paxes', 'user_roles', 'flights', 'flight_legs', 'places', 'coupons', 'booking_audit'] as const;

/** Row counts of a few tables and a few whole rows: what "back exactly" is checked on. */
async function snapshot(h: DbHandle) {
  const counts: Record<string, number> = {};
  for (const t of TABLES) counts[t] = Number((await h.db.selectFrom(t).select(h.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const users = await h.db.selectFrom('users').selectAll().orderBy('id').execute();
  const paxes = await h.db.selectFrom('paxes').selectAll().orderBy('id').execute();
  const firstFlights = await h.db.selectFrom('flights').selectAll().orderBy('id').limit(3).execute();
  return { counts, users, paxes, firstFlights };
}

/** A database with reference data, two users and an audit row. */
async function populate(h: DbHandle) {
  await migrateToLatest(h.db);
  await seed(h, { demo: false });
  const anna = await createUser(h.db);
  await createUser(h.db, { roles: ['Admin'] });
  await h.db
    .insertInto('booking_audit')
    .values({
      booking_code: 'ABCDEF01',
      ticket_nr: null,
      actor_user_id: anna.id,
      actor: 'user',
      action: 'created',
      detail: '{"status":{"from":null,"to":"pending"}}',
      created_at: new Date().toISOString(),
    })
    .execute();
  return anna;
}

/** What happens between the backup and the restore: rows changed, added and removed. */
async function changeEverything(h: DbHandle, userId: number) {
  await h.db.updateTable('users').set({ email: 'changed@example.com' }).where('id', '=', userId).execute();
  await createUser(h.db);
  await h.db.deleteFrom('booking_audit').execute();
  await h.db.deleteFrom('user_roles').execute();
}

describe('SQLite: online backup and restore', () => {
  it('backs up while open, refuses to restore without the flag, then restores over the stopped app’s file exactly', async () => {
    const url = `sqlite:${join(work, 'app.sqlite')}`;
    let h = await openDatabase(url);
    const anna = await populate(h);
    const before = await snapshot(h);
    // Online: the app's connection stays open while the backup runs.
    const file = await backup({ databaseUrl: url, dir: join(work, 'backups'), now: new Date('2026-11-24T08:30:00Z') });
    expect(file).toBe(join(work, 'backups', 'heliline-20261124T083000Z.sqlite'));
    await changeEverything(h, anna.id);
    expect(await snapshot(h)).not.toEqual(before);
    await h.close();

    await expect(restore({ databaseUrl: url, file })).rejects.toThrow(CONFIRM_FLAG);
    h = await openDatabase(url);
    expect((await snapshot(h)).users.find((u) => u.id === anna.id)?.email).toBe('changed@example.com');
    await h.close();

    await restore({ databaseUrl: url, file, confirm: true });
    h = await openDatabase(url);
    expect(await snapshot(h)).toEqual(before);
    await h.close();
  });

  it('restores into a new file with --to, leaving the app’s file alone (the CLI, as npm runs it)', async () => {
    const url = `sqlite:${join(work, 'cli.sqlite')}`;
    const h = await openDatabase(url);
    await populate(h);
    const before = await snapshot(h);
    await h.close();
    const env = { ...process.env, DATABASE_URL: url, BACKUP_DIR: join(work, 'cli-backups') };
    const made = spawnSync(process.execPath, ['scripts/backup.mjs'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const [name] = readdirSync(join(work, 'cli-backups'));
    const file = join(work, 'cli-backups', name!);

    const refused = spawnSync(process.execPath, ['scripts/backup.mjs', 'restore', file], { cwd: ROOT, env, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(CONFIRM_FLAG);

    const copy = join(work, 'restored.sqlite');
    const done = spawnSync(process.execPath, ['scripts/backup.mjs', 'restore', file, '--to', copy, CONFIRM_FLAG], { cwd: ROOT, env, encoding: 'utf8' });
    expect(done.status, done.stderr).toBe(0);
    const restored = await openDatabase(`sqlite:${copy}`);
    expect(await snapshot(restored)).toEqual(before);
    await restored.close();
  });
});

const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const hasPgTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;

describe.skipIf(!pgUrl || !hasPgTools)('PostgreSQL: pg_dump -Fc and pg_restore --clean', () => {
  it('backs up, refuses without the flag, restores into the configured database exactly', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    onTestFinished(() => dropSchema(pgUrl!, schema));
    let h = await openDatabase(pgUrl!, { schema });
    const anna = await populate(h);
    const before = await snapshot(h);
    const file = await backup({ databaseUrl: pgUrl, dir: join(work, 'pg-backups'), schema });
    expect(file).toMatch(/heliline-\d{8}T\d{6}Z\.dump$/);
    await changeEverything(h, anna.id);
    await h.close();

    await expect(restore({ databaseUrl: pgUrl, file })).rejects.toThrow(CONFIRM_FLAG);
    await restore({ databaseUrl: pgUrl, file, confirm: true });
    h = await openDatabase(pgUrl!, { schema });
    expect(await snapshot(h)).toEqual(before);
    // Sequences come back too: the next user does not collide with a restored id.
    const next = await createUser(h.db);
    expect(next.id).toBeGreaterThan(Math.max(...before.users.map((u) => u.id)));
    await h.close();
  });
});
