import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { Pax, PaxesTable, UsersTable } from '../../db/schema.ts';

/** SQL of the accounts module: users, paxes (passenger profiles), user_roles, document_types. */

export function findUserById(db: DbOrTrx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A user with its passenger profile and roles, in one query (GET /api/auth/user on every
 * screen): one row per role, the profile's columns null when there is none.
 */
export async function findUserWithPaxAndRoles(db: DbOrTrx, id: number) {
  const rows = await userWithPaxAndRoles(db, id);
  const [first] = rows;
  if (!first) return undefined;
  const { account_id, email, email_verified_at, is_agency, is_agency_auth, role: _role, ...pax } = first;
  return {
    user: { id: account_id, email, email_verified_at, is_agency, is_agency_auth },
    pax: pax.id === null ? undefined : (pax as Pax),
    roles: rows.flatMap((r) => (r.role === null ? [] : [r.role])).sort(),
  };
}

const PAX_COLUMNS = [
  'paxes.id',
  'paxes.user_id',
  'paxes.lastname',
  'paxes.firstname',
  'paxes.gender',
  'paxes.birthdate',
  'paxes.address',
  'paxes.city',
  'paxes.province',
  'paxes.country_code',
  'paxes.zipcode',
  'paxes.telephone',
  'paxes.document_type_id',
  'paxes.document_num',
  'paxes.created_at',
  'paxes.updated_at',
] as const;

const userWithPaxAndRoles = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('users')
    .leftJoin('paxes', 'paxes.user_id', 'users.id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(PAX_COLUMNS)
    .select(['users.id as account_id', 'users.email', 'users.email_verified_at', 'users.is_agency', 'users.is_agency_auth', 'user_roles.role'])
    .where('users.id', '=', id)
    .execute();

export function findUserByEmail(db: DbOrTrx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: DbOrTrx, row: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertPax(db: DbOrTrx, row: Insertable<PaxesTable>): Promise<void> {
  await db.insertInto('paxes').values(row).execute();
}

export function findPaxByUser(db: DbOrTrx, userId: number) {
  return db.selectFrom('paxes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function updatePax(
  db: DbOrTrx,
  userId: number,
  values: Partial<Pick<PaxesTable, 'address' | 'telephone' | 'document_type_id' | 'document_num'>> & { updated_at: string },
) {
  await db.updateTable('paxes').set(values).where('user_id', '=', userId).execute();
}

export async function updatePasswordHash(db: DbOrTrx, userId: number, passwordHash: string, now: string) {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
}

export async function touchUser(db: DbOrTrx, userId: number, now: string) {
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
}

/** Sets email_verified_at only when still unset; returns whether this call verified it. */
export async function markEmailVerified(db: DbOrTrx, userId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function insertRole(db: DbOrTrx, userId: number, role: string) {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function listDocumentTypes(db: DbOrTrx) {
  return db.selectFrom('document_types').select(['id', 'text_it', 'text_en']).orderBy('id').execute();
}

export async function documentTypeExists(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db.selectFrom('document_types').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

const agencyColumns = [
  'users.id',
  'users.email',
  'users.email_verified_at',
  'users.is_agency_auth',
  'users.created_at',
  'paxes.lastname',
  'paxes.firstname',
  'paxes.telephone',
  'paxes.city',
] as const;

export function listAgencies(db: DbOrTrx, onlyPending: boolean) {
  let q = db.selectFrom('users').leftJoin('paxes', 'paxes.user_id', 'users.id').select(agencyColumns).where('users.is_agency', '=', 1);
  if (onlyPending) q = q.where('users.is_agency_auth', '=', 0);
  return q.orderBy('users.created_at').orderBy('users.id').execute();
}

export function findAgency(db: DbOrTrx, id: number) {
  return db
    .selectFrom('users')
    .leftJoin('paxes', 'paxes.user_id', 'users.id')
    .select([...agencyColumns, 'users.locale'])
    .where('users.id', '=', id)
    .where('users.is_agency', '=', 1)
    .executeTakeFirst();
}

/** Returns whether this call authorised it (false when it already was). */
export async function authoriseAgency(db: DbOrTrx, id: number, byUserId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ is_agency_auth: 1, agency_authorised_at: now, agency_authorised_by: byUserId, updated_at: now })
    .where('id', '=', id)
    .where('is_agency', '=', 1)
    .where('is_agency_auth', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A unique-constraint violation, on either database (a concurrent sign-up with the same e-mail). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
