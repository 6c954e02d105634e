import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DbOrTrx, openDatabase } from '../src/db/database.ts';
import { fixedInsert } from '../src/db/fixed-insert.ts';

type Note = { id: number; body: string; lang?: string | null };

describe('fixedInsert (db/fixed-insert.ts)', async () => {
  const database = await openDatabase('sqlite::memory:');
  afterAll(() => database.close());
  // A table of its own: a column with a default shows that a missing column is another shape.
  const db = database.db as unknown as Kysely<{ notes: Note }>;
  await sql`create table notes (id integer primary key, body text not null, lang text default 'it')`.execute(db);
  let built = 0;
  const insertNotes = fixedInsert((d: DbOrTrx, rows: { notes: readonly Note[] }) => {
    built++;
    return (d as unknown as Kysely<{ notes: Note }>).insertInto('notes').values(rows.notes).returning(['id', 'body']);
  });
  const note = (id: number): Note => ({ id, body: `n${id}`, lang: 'en' });
  const stored = (from: number, to: number) => db.selectFrom('notes').selectAll().where('id', '>=', from).where('id', '<=', to).orderBy('id').execute();

  it('builds once per number of rows and binds each row its own values, in a transaction too', async () => {
    expect(await insertNotes(database.db, { notes: [note(1), note(2)] })).toEqual([
      { id: 1, body: 'n1' },
      { id: 2, body: 'n2' },
    ]);
    await insertNotes(database.db, { notes: [note(3), note(4)] });
    await database.db.transaction().execute((trx) => insertNotes(trx, { notes: [note(5), note(6)] }));
    expect(built).toBe(1);
    await insertNotes(database.db, { notes: [note(7)] });
    expect(built).toBe(2);
    expect(await stored(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7].map(note));
  });

  it('a different set of columns is another shape; rows that differ, or carry SQL, are built the ordinary way', async () => {
    const before = built;
    await insertNotes(database.db, { notes: [{ id: 10, body: 'n10', lang: undefined }] });
    await insertNotes(database.db, { notes: [{ id: 11, body: 'n11' }] });
    expect(built).toBe(before + 1);
    await insertNotes(database.db, { notes: [note(12), { id: 13, body: 'n13' }] });
    await insertNotes(database.db, { notes: [{ ...note(14), body: sql<string>`'from ' || 'sql'` as unknown as string }] });
    await insertNotes(database.db, { notes: [{ ...note(15), body: sql<string>`'again'` as unknown as string }] });
    expect(built).toBe(before + 4);
    expect(await stored(10, 15)).toEqual([
      { id: 10, body: 'n10', lang: 'it' },
      { id: 11, body: 'n11', lang: 'it' },
      { id: 12, body: 'n12', lang: 'en' },
      { id: 13, body: 'n13', lang: null }, // Kysely's own multi-row rule on SQLite: a missing value is NULL
      { id: 14, body: 'from sql', lang: 'en' },
      { id: 15, body: 'again', lang: 'en' },
    ]);
  });

  it('the same columns in another order are a shape of their own, and each row binds its own values', async () => {
    const before = built;
    const reordered = (id: number): Note => ({ lang: 'it', body: `r${id}`, id });
    await insertNotes(database.db, { notes: [reordered(20), reordered(21)] });
    await insertNotes(database.db, { notes: [reordered(22), reordered(23)] });
    expect(built).toBe(before + 1);
    await insertNotes(database.db, { notes: [note(24), reordered(25)] });
    await insertNotes(database.db, { notes: [note(26), note(27)] });
    expect(built).toBe(before + 2);
    expect(await stored(20, 27)).toEqual([
      ...[20, 21, 22, 23].map((id) => ({ id, body: `r${id}`, lang: 'it' })),
      note(24),
      { id: 25, body: 'r25', lang: 'it' },
      note(26),
      note(27),
    ]);
  });
});
