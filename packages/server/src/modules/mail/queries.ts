import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { MailOutboxTable } from '../../db/schema.ts';

export type NewMail = Insertable<MailOutboxTable>;

export async function insertMail(db: DbOrTrx, row: NewMail): Promise<number> {
  const { id } = await db.insertInto('mail_outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Delivered: nothing left to do. */
export async function markSent(db: DbOrTrx, id: number, at: string) {
  await db.updateTable('mail_outbox').set({ sent_at: at, error: null, next_attempt_at: null, locked_until: null }).where('id', '=', id).execute();
}

/** A failed attempt: due again at `nextAttemptAt`, or given up when that is null. */
export async function markAttemptFailed(db: DbOrTrx, id: number, error: string, at: string, nextAttemptAt: string | null) {
  await db
    .updateTable('mail_outbox')
    .set({ error: error.slice(0, 2000), locked_until: null, next_attempt_at: nextAttemptAt, failed_at: nextAttemptAt ? null : at })
    .where('id', '=', id)
    .execute();
}

/**
 * Claims the oldest due mail for one sender until `lockedUntil`, counting the attempt; undefined
 * when none is due. One statement: on PostgreSQL the row is picked FOR UPDATE SKIP LOCKED, so
 * concurrent senders take different rows; SQLite has one writer. The outer conditions repeat
 * the inner ones, so a row another sender claimed meanwhile is never taken twice. `id = (…)`,
 * not `id in (…)`: PostgreSQL runs a scalar subquery once, an IN may run it again per row.
 */
export function claimDueMail(db: DbOrTrx, options: { now: string; lockedUntil: string; postgres: boolean }) {
  let pick = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', options.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', options.now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1);
  if (options.postgres) pick = pick.forUpdate().skipLocked();
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ locked_until: options.lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', pick)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', options.now)]))
    .returningAll()
    .executeTakeFirst();
}

/** A queued mail's attachments, as they are sent. */
export async function attachmentsOf(db: DbOrTrx, mailId: number) {
  const rows = await db.selectFrom('mail_attachments').select(['filename', 'content_type', 'content_base64']).where('mail_id', '=', mailId).orderBy('id').execute();
  return rows.map((r) => ({ filename: r.filename, contentType: r.content_type, content: Buffer.from(r.content_base64, 'base64') }));
}

export function listMail(db: DbOrTrx, options: { to?: string; limit: number }) {
  let q = db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.to) q = q.where('to_address', '=', options.to.toLowerCase());
  return q.execute();
}

export function findMail(db: DbOrTrx, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMailOrThrow(db: DbOrTrx, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function insertAttachments(db: DbOrTrx, mailId: number, files: { filename: string; contentType: string; content: Buffer }[]) {
  await db
    .insertInto('mail_attachments')
    .values(
      files.map((f) => ({ mail_id: mailId, filename: f.filename, content_type: f.contentType, content_base64: f.content.toString('base64'), size: f.content.length })),
    )
    .execute();
}

/**
 * The attachments rendered at delivery replace any a cut-short earlier attempt stored, and the
 * mail stops asking for them. Without a transaction: a crash between the statements renders again.
 */
export async function replaceAttachments(db: DbOrTrx, mailId: number, files: { filename: string; contentType: string; content: Buffer }[]) {
  await db.deleteFrom('mail_attachments').where('mail_id', '=', mailId).execute();
  if (files.length) await insertAttachments(db, mailId, files);
  await db.updateTable('mail_outbox').set({ attach_json: null }).where('id', '=', mailId).execute();
}

/** Names and sizes of a mail's attachments (the content stays in the table). */
export function listAttachmentNames(db: DbOrTrx, mailIds: number[]) {
  if (!mailIds.length) return Promise.resolve([]);
  return db.selectFrom('mail_attachments').select(['id', 'mail_id', 'filename', 'content_type', 'size']).where('mail_id', 'in', mailIds).orderBy('id').execute();
}
