import { describe, expect, it } from 'vitest';
import { afterCommit, Transactions } from '../src/db/transaction.ts';
import { createUser } from './accounts-support.ts';
import { createFlight, insertBareRequest } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';

const { db, dialect } = await buildTestApp();
const transactions = new Transactions({ db, dialect });
const user = await createUser(db);
const flight = await createFlight(db, { seats: 2 });

class Refused extends Error {}
const requestCount = async () => Number((await db.selectFrom('booking_requests').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe(`Transactions.run with a first check (${dialect})`, () => {
  it('a check that refuses: the work never runs, nothing is written, the connection is free again', async () => {
    let ran = false;
    await expect(
      transactions.run(
        async () => {
          ran = true;
        },
        {
          first: () => {
            throw new Refused();
          },
        },
      ),
    ).rejects.toThrow(Refused);
    expect(ran).toBe(false);
    expect(await transactions.run(async (trx) => (await trx.selectFrom('flights').select('id').limit(1).execute()).length)).toBe(1);
  });

  it('a check that passes: commit, rollback and the commit hooks behave as without it', async () => {
    const before = await requestCount();
    const committed: string[] = [];
    await transactions.run(
      async (trx) => {
        await insertBareRequest(trx as typeof db, user.id, flight.flightId);
        afterCommit(trx, () => committed.push('kept'));
      },
      { first: () => undefined },
    );
    await expect(
      transactions.run(
        async (trx) => {
          await insertBareRequest(trx as typeof db, user.id, flight.flightId);
          afterCommit(trx, () => committed.push('undone'));
          throw new Refused();
        },
        { first: () => undefined },
      ),
    ).rejects.toThrow(Refused);
    expect(await requestCount()).toBe(before + 1);
    expect(committed).toEqual(['kept']);
  });
});
