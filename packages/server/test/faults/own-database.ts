import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchema, type DbHandle, type DialectName, openDatabase } from '../../src/db/database.ts';

/**
 * A database of one's own for a server child process: a fresh SQLite file in a temporary folder,
 * or, when `pgServer` is given, a fresh schema on that PostgreSQL server that the child reaches
 * through its connection string's search_path. `drop` removes only what was created here.
 */
export interface OwnDatabase {
  dialect: DialectName;
  /** DATABASE_URL for a server process. */
  url: string;
  /** Where logs and other files of the run may go (removed by `drop`). */
  dir: string;
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

export function ownDatabase(prefix: string, pgServer?: string): OwnDatabase {
  const dir = mkdtempSync(join(tmpdir(), `heliline-${prefix}-`));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  if (!pgServer) {
    const url = `sqlite:${join(dir, 'heliline.sqlite')}`;
    return { dialect: 'sqlite', url, dir, open: () => openDatabase(url), drop: removeDir };
  }
  const schema = `heliline_${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(pgServer);
  url.searchParams.set('options', [url.searchParams.get('options'), `-c search_path=${schema}`].filter(Boolean).join(' '));
  return {
    dialect: 'postgres',
    url: url.toString(),
    dir,
    // The first open creates the schema.
    open: () => openDatabase(pgServer, { schema }),
    drop: async () => {
      await dropSchema(pgServer, schema);
      await removeDir();
    },
  };
}
