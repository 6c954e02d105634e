import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}
