import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { MailOutboxTable } from '../../db/schema.ts';

export async function insertMail(db: DbOrTrx, row: Insertable<MailOutboxTable>): Promise<number> {
  const { id } = await db.insertInto('mail_outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function markSent(db: DbOrTrx, id: number, at: string) {
  await db.updateTable('mail_outbox').set({ sent_at: at, error: null }).where('id', '=', id).execute();
}

export async function markFailed(db: DbOrTrx, id: number, error: string) {
  await db
    .updateTable('mail_outbox')
    .set({ error: error.slice(0, 2000) })
    .where('id', '=', id)
    .execute();
}

export function listMail(db: DbOrTrx, options: { to?: string; limit: number }) {
  let q = db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.to) q = q.where('to_address', '=', options.to.toLowerCase());
  return q.execute();
}

export function findMail(db: DbOrTrx, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAttachments(db: DbOrTrx, mailId: number, files: { filename: string; contentType: string; content: Buffer }[]) {
  await db
    .insertInto('mail_attachments')
    .values(
      files.map((f) => ({ mail_id: mailId, filename: f.filename, content_type: f.contentType, content_base64: f.content.toString('base64'), size: f.content.length })),
    )
    .execute();
}

/** Names and sizes of a mail's attachments (the content stays in the table). */
export function listAttachmentNames(db: DbOrTrx, mailIds: number[]) {
  if (!mailIds.length) return Promise.resolve([]);
  return db.selectFrom('mail_attachments').select(['id', 'mail_id', 'filename', 'content_type', 'size']).where('mail_id', 'in', mailIds).orderBy('id').execute();
}
