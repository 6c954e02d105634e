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
  await db.updateTable('mail_outbox').set({ error: error.slice(0, 2000) }).where('id', '=', id).execute();
}

export function listMail(db: DbOrTrx, options: { to?: string; limit: number }) {
  let q = db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.to) q = q.where('to_address', '=', options.to.toLowerCase());
  return q.execute();
}

export function findMail(db: DbOrTrx, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}
