import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PLAN_EACH_RUN, StatementNames } from '../src/db/database.ts';
import { Transactions } from '../src/db/transaction.ts';
import { heldSeatsBy, insertRequestCountingHolds } from '../src/modules/booking/requests/queries.ts';
import { findUserBySession } from '../src/modules/sessions/queries.ts';
import { createUser } from './accounts-support.ts';
import { bareRequestRow, createFlight } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';

const { db, dialect } = await buildTestApp();

/**
 * PostgreSQL keeps a named statement's generic plan, built on the table sizes of its first runs,
 * until the next ANALYZE. The hold limit's join, planned while seat_holds was empty, then read the
 * whole table for every held request of the buyer: a few ms a booking after a few thousand. The
 * count alone (SQLite's) is planned on each run (db/database.ts PLAN_EACH_RUN); PostgreSQL's, with
 * the request row, is named and planned on the indexes by the hold's transaction (decision 050).
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

  it.runIf(dialect === 'postgres')(
    'the request row with the hold count, as the hold transaction runs it: a named statement whose kept plan reads through the indexes on empty tables (decision 050)',
    async () => {
      const user = await createUser(db);
      const flight = await createFlight(db, { seats: 2 });
      const now = new Date().toISOString();
      const holder = { userId: user.id, holdIp: 'ip-hash' };
      // A new installation's tables once autovacuum has looked at them: known to be empty, where
      // a sequential scan costs nothing.
      await sql`analyze booking_requests, seat_holds`.execute(db);
      class RolledBack extends Error {
        constructor(readonly plan: string) {
          super('rolled back');
        }
      }
      const rolledBack = await new Transactions({ db, dialect })
        .run(
          async (trx) => {
            // Past PostgreSQL's five custom plans: the plan it keeps for the statement from then on.
            for (let run = 0; run < 7; run++)
              expect((await insertRequestCountingHolds(trx, bareRequestRow(user.id, flight.flightId), holder, now)).held.user.seats).toBe(0);
            // (The pattern does not match its own statement's text, which is named too.)
            const { rows } = await sql<{
              name: string;
              parameter_types: string[];
            }>`select name, parameter_types::text[] from pg_prepared_statements where statement ~ 'insert into "booking_req[u]ests".*user_seats'`.execute(trx);
            expect(rows).toHaveLength(1);
            const { name, parameter_types: types } = rows[0]!;
            await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
            const explained = await sql.raw<{ 'QUERY PLAN': string }>(`explain (costs off) execute ${name}(${types.map(() => 'null').join(', ')})`).execute(trx);
            throw new RolledBack(explained.rows.map((r) => r['QUERY PLAN']).join('\n'));
          },
          { indexPlans: true, locks: [`test:hold-count:${user.id}`] },
        )
        .catch((err: unknown) => err);
      expect(rolledBack).toBeInstanceOf(RolledBack);
      const { plan } = rolledBack as RolledBack;
      expect(plan).toMatch(/Index Scan using booking_requests_user_status_idx/);
      expect(plan).toMatch(/Index Scan (on|using) seat_holds_request_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    },
  );
});
