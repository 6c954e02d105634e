import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';
import type { DocumentTypesTable, PlacesTable, UsersTable } from '../db/schema.ts';

/** SQL of the seed's own writes (reference data, demo accounts); flights go through modules/schedule. */

/** Places belong to the code: a corrected label reaches every database at the next start. */
export async function upsertPlaces(db: DbOrTrx, rows: Insertable<PlacesTable>[]): Promise<void> {
  await db
    .insertInto('places')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        code: eb.ref('excluded.code'),
        name_it: eb.ref('excluded.name_it'),
        name_en: eb.ref('excluded.name_en'),
        can_depart: eb.ref('excluded.can_depart'),
        can_arrive: eb.ref('excluded.can_arrive'),
      })),
    )
    .execute();
}

export async function upsertDocumentTypes(db: DbOrTrx, rows: Insertable<DocumentTypesTable>[]): Promise<void> {
  await db
    .insertInto('document_types')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        code: eb.ref('excluded.code'),
        text_it: eb.ref('excluded.text_it'),
        text_en: eb.ref('excluded.text_en'),
      })),
    )
    .execute();
}

/** Which of these e-mail addresses already have an account. */
export async function existingEmails(db: DbOrTrx, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return new Set(rows.map((r) => r.email));
}

/** The first administrator's id, if any. */
export async function firstAdminId(db: DbOrTrx): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select('users.id')
    .where('user_roles.role', '=', 'Admin')
    .orderBy('users.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Inserts the user unless the e-mail exists (another instance created it): its id, or null. */
export async function insertUserIfMissing(db: DbOrTrx, row: Insertable<UsersTable>): Promise<number | null> {
  const inserted = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function insertRoles(db: DbOrTrx, userId: number, roles: readonly string[]): Promise<void> {
  if (roles.length)
    await db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: userId, role })))
      .execute();
}
