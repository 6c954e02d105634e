import type { Kysely } from 'kysely';

/**
 * The mail outbox becomes a queue (decision 014): a row with SMTP transport waits until a
 * sender on any instance claims it (locked_until), delivers it and marks it sent, or retries it
 * with backoff (attempts, next_attempt_at) and gives up after a set number of attempts
 * (failed_at). reply_to is kept so a retry sends the same mail. Rows written before this
 * migration have no next attempt: they are never retried.
 */
const COLUMNS: [name: string, type: 'varchar(255)' | 'varchar(32)' | 'integer'][] = [
  ['reply_to', 'varchar(255)'],
  ['next_attempt_at', 'varchar(32)'],
  ['locked_until', 'varchar(32)'],
  ['failed_at', 'varchar(32)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of COLUMNS) await db.schema.alterTable('mail_outbox').addColumn(name, type).execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').column('next_attempt_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due_idx').execute();
  for (const name of ['attempts', ...COLUMNS.map(([n]) => n)]) await db.schema.alterTable('mail_outbox').dropColumn(name).execute();
}
