import { romeToday } from '@heliline/domain';
import type { DbHandle } from '../db/database.ts';
import { Transactions } from '../db/transaction.ts';
import { type FlightSeedResult, seedFlights } from './flights.ts';
import { seedBooking } from './booking.ts';
import { seedPublicSite } from './public-site.ts';
import { seedReference } from './reference.ts';
import { seedDemoUsers } from './users.ts';

export interface SeedOptions {
  /** Demo users (one per role); never in production. */
  demo: boolean;
  /** The clock, for tests; defaults to now (its Rome date is "today"). */
  now?: Date;
}

export interface SeedResult {
  flights: FlightSeedResult;
  demoUsersAdded: number;
}

/**
 * Runs at every start, so it is idempotent: reference data (places, document types,
 * aircraft) is upserted; flights are generated from the schedule patterns for the rolling
 * window (7 days back, 365 ahead) on dates that have none yet, plus one demo extra flight once;
 * demo users are added when missing and only when options.demo is set.
 */
export async function seed(handle: Pick<DbHandle, 'db' | 'dialect'>, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const flights = await new Transactions(handle).run(async (trx) => {
    await seedReference(trx);
    // The extra (charter-style) flight is demo data: production adds its own extras.
    const result = await seedFlights(trx, romeToday(now), now, options.demo);
    await seedPublicSite(trx);
    await seedBooking(trx, { demo: options.demo, now });
    return result;
  });
  const demoUsersAdded = options.demo ? await seedDemoUsers(handle, now) : 0;
  return { flights, demoUsersAdded };
}
