import type { Kysely } from 'kysely';

/**
 * A mail written inside the transaction of the change that causes it may name attachments
 * rendered only when it is delivered (ticket PDFs: not rendered while the write transaction
 * holds its locks). attach_json says what to render; the sender renders it into
 * mail_attachments once and clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('attach_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attach_json').execute();
}
