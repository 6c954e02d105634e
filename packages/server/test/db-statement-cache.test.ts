import SQLite from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type DbOrTrx, fixedShape, openDatabase, StatementCache, StatementNames } from '../src/db/database.ts';
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
    onTestFinished(() => database.close());
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

/** PostgreSQL: statements are named (parsed and planned once per connection), within bounds. */
describe('the PostgreSQL statement names', () => {
  it('gives one name per SQL text, never to * selections, DDL or transaction control, and none past its capacity', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select "id" from "users" where "id" = $1');
    expect(first).toBeDefined();
    expect(names.nameOf('select "id" from "users" where "id" = $1')).toBe(first);
    expect(names.nameOf('select * from "users"')).toBeUndefined();
    expect(names.nameOf('update "users" set "email" = $1 returning *')).toBeUndefined();
    expect(names.nameOf('select "u".* from "users" as "u"')).toBeUndefined();
    expect(names.nameOf('select "id", * from "users"')).toBeUndefined();
    expect(names.nameOf('select distinct * from "users"')).toBeUndefined();
    expect(names.nameOf('create table "x" ("id" integer)')).toBeUndefined();
    expect(names.nameOf('begin')).toBeUndefined();
    const second = names.nameOf('delete from "sessions" where "id" = $1');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(names.nameOf('insert into "sessions" ("id") values ($1)')).toBeUndefined();
    expect(names.nameOf('select "id" from "users" where "id" = $1')).toBe(first);
  });

  it('names statements whose * is a count or a product, not a selection', () => {
    const names = new StatementNames();
    expect(names.nameOf('with taken as (select 1 as id) select count(*) from taken')).toBeDefined();
    expect(names.nameOf('select "price" * "seats" as "total" from "fares"')).toBeDefined();
    expect(names.nameOf('select "a"*2 from "t"')).toBeDefined();
  });
});

describe('fixedShape', () => {
  it('compiles once and answers each call with its own parameters, in a transaction too', async () => {
    const database = await openDatabase('sqlite::memory:');
    onTestFinished(() => database.close());
    await migrateToLatest(database.db);
    for (const id of [2001, 2002, 2003])
      await database.db
        .insertInto('document_types')
        .values({ id, code: `k${id}`, text_it: `it ${id}`, text_en: `en ${id}` })
        .execute();
    let built = 0;
    const between = fixedShape((db: DbOrTrx, from: number, to: number) => {
      built++;
      return db.selectFrom('document_types').select('id').where('id', '>=', from).where('id', '<=', to).orderBy('id');
    });
    expect(await between(database.db, 2001, 2002)).toEqual([{ id: 2001 }, { id: 2002 }]);
    expect(await between(database.db, 2003, 2010)).toEqual([{ id: 2003 }]);
    expect(await database.db.transaction().execute((trx) => between(trx, 2002, 2003))).toEqual([{ id: 2002 }, { id: 2003 }]);
    expect(built).toBe(1);
  });
});
