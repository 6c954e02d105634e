import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, StatementCache } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** The SQLite connection keeps its prepared statements (db/database.ts): bounded, and reused by every request. */
describe('the SQLite statement cache', () => {
  it('hands back the same statement for the same SQL and keeps at most its capacity, least recently used out first', () => {
    const cache = new StatementCache(new SQLite(':memory:'), 3);
    const first = cache.prepare('select 1');
    expect(cache.prepare('select 1')).toBe(first);
    cache.prepare('select 2');
    cache.prepare('select 3');
    cache.prepare('select 1'); // used again: now the most recent
    cache.prepare('select 4'); // evicts 'select 2', the least recently used
    expect(cache.size).toBe(3);
    expect(cache.compiled).toBe(4);
    expect(cache.prepare('select 1')).toBe(first);
    cache.prepare('select 2');
    expect(cache.compiled).toBe(5);
    for (let i = 0; i < 50; i++) cache.prepare(`select ${i}`);
    expect(cache.size).toBe(3);
    cache.close();
  });

  it('runs a query again without compiling its SQL again, with the parameters of each call, seeing rows written since', async () => {
    const database = await openDatabase('sqlite::memory:');
    afterAll(() => database.close());
    await migrateToLatest(database.db);
    const statements = database.statements!;
    const insert = (id: number) =>
      database.db
        .insertInto('document_types')
        .values({ id, code: `c${id}`, text_it: `it ${id}`, text_en: `en ${id}` })
        .execute();
    const find = (id: number) => database.db.selectFrom('document_types').select(['id', 'text_en']).where('id', '=', id).executeTakeFirst();

    await insert(1001);
    expect(await find(1001)).toEqual({ id: 1001, text_en: 'en 1001' });
    const compiled = statements.compiled;
    for (let id = 1002; id < 1020; id++) {
      expect(await find(id)).toBeUndefined();
      await insert(id);
      expect(await find(id)).toEqual({ id, text_en: `en ${id}` });
    }
    expect(statements.compiled).toBe(compiled);
  });
});
