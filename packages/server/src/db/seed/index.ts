import type { Db } from '../database.ts';

export interface SeedOptions {
  /** Demo users (one per role); never in production. */
  demo: boolean;
}

/** Idempotent: reference data is upserted, demo data added only when missing. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  void db;
  void options;
}
