import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PLAN_EACH_RUN, StatementNames } from '../src/db/database.ts';
import { heldSeatsBy } from '../src/modules/booking/requests/queries.ts';
import { findUserBySession } from '../src/modules/sessions/queries.ts';
import { createUser } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

const { db, dialect } = await buildTestApp();

/**
 * PostgreSQL keeps a named statement's generic plan, built on the table sizes of its first runs,
 * until the next ANALYZE. The hold limit's join, planned while seat_holds was empty, then read the
 * whole table for every held request of the buyer: a few ms a booking after a few thousand. It is
 * planned on each run instead (db/database.ts PLAN_EACH_RUN).
 */
describe(`statements planned on each run (${dialect})`, () => {
  it('are never given a name', () => {
    const names = new StatementNames();
    expect(names.nameOf(`${PLAN_EACH_RUN}select "id" from "users" where "id" = $1`)).toBeUndefined();
    expect(names.nameOf('select "id" from "users" where "id" = $1')).toBeDefined();
  });

  it('the hold limit count answers on an empty table and stays unprepared on its connection, where a plain hot read is prepared', async () => {
    const user = await createUser(db);
    const now = new Date().toISOString();
    await db.connection().execute(async (conn) => {
      for (let run = 0; run < 7; run++) {
        expect(await heldSeatsBy(conn, { userId: user.id, holdIp: null }, now)).toEqual({ user: { seats: 0, firstExpiry: null }, ip: null });
        expect((await heldSeatsBy(conn, { userId: user.id, holdIp: 'ip-hash' }, now)).ip).toEqual({ seats: 0, firstExpiry: null });
        await findUserBySession(conn, 'no-such-session', now);
      }
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
      expect(rows.filter((r) => r.statement.includes('user_seats'))).toEqual([]);
      expect(rows.filter((r) => r.statement.includes('from "sessions"'))).toHaveLength(1);
    });
  });
});
