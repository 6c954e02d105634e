import type { DbOrTrx } from '../../db/database.ts';

/** SQL of sessions and bearer tokens. */

export interface AuthUserRow {
  id: number;
  email: string;
  email_verified_at: string | null;
  is_agency: number;
  is_agency_auth: number;
  /** The account's own passenger profile (paxes.user_id is unique); null columns when it has none. */
  pax_id: number | null;
  pax_lastname: string | null;
  pax_firstname: string | null;
  pax_gender: string | null;
  pax_birthdate: string | null;
}

const userColumns = [
  'users.id',
  'users.email',
  'users.email_verified_at',
  'users.is_agency',
  'users.is_agency_auth',
  'paxes.id as pax_id',
  'paxes.lastname as pax_lastname',
  'paxes.firstname as pax_firstname',
  'paxes.gender as pax_gender',
  'paxes.birthdate as pax_birthdate',
] as const;

export async function insertSession(
  db: DbOrTrx,
  row: { id: string; user_id: number; created_at: string; expires_at: string; ip: string | null; user_agent: string | null },
) {
  await db
    .insertInto('sessions')
    .values({ ...row, last_seen_at: row.created_at })
    .execute();
}

/**
 * A live session's user with its roles and own passenger profile, in one query: one row per role
 * (one with a null role when the user has none), none when the session is unknown or expired.
 * The profile comes along because a booking needs it (buyerOf) and a read of its own cost a
 * PostgreSQL round trip per booking.
 */
export async function findUserBySession(db: DbOrTrx, sessionHash: string, now: string) {
  return withRoles(await sessionUserRows(db, sessionHash, now));
}

const sessionUserRows = (db: DbOrTrx, sessionHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('paxes', 'paxes.user_id', 'users.id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select([...userColumns, 'sessions.last_seen_at', 'sessions.expires_at', 'user_roles.role'])
    .where('sessions.id', '=', sessionHash)
    .where('sessions.expires_at', '>', now)
    .execute();

const tokenUserRows = (db: DbOrTrx, tokenHash: string, now: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .leftJoin('sessions', 'sessions.id', 'api_tokens.session_id')
    .leftJoin('paxes', 'paxes.user_id', 'users.id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select([
      ...userColumns,
      'api_tokens.id as token_id',
      'api_tokens.last_used_at',
      'api_tokens.session_id',
      'sessions.expires_at as session_expires_at',
      'user_roles.role',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_tokens.session_id', 'is', null), eb('sessions.expires_at', '>', now)]))
    .execute();

/** The first row with every row's role gathered (sorted by name). */
function withRoles<R extends { role: string | null }>(rows: R[]): (Omit<R, 'role'> & { roles: string[] }) | undefined {
  const [first] = rows;
  if (!first) return undefined;
  const { role: _role, ...row } = first;
  const roles = rows.flatMap((r) => (r.role === null ? [] : [r.role])).sort();
  return { ...row, roles };
}

export async function touchSession(db: DbOrTrx, sessionHash: string, now: string, expiresAt: string) {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', sessionHash).execute();
}

export async function deleteSession(db: DbOrTrx, sessionHash: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionHash).execute();
}

export async function deleteUserSessions(db: DbOrTrx, userId: number, exceptHash?: string) {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptHash) q = q.where('id', '!=', exceptHash);
  await q.execute();
}

/** Issued in answer to a request, a token counts as used then (as a session is seen when it starts): its first use writes nothing. */
export async function insertApiToken(db: DbOrTrx, row: { user_id: number; token_hash: string; name: string; created_at: string; session_id?: string }) {
  const { id } = await db
    .insertInto('api_tokens')
    .values({ ...row, last_used_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A live token's user; a session's token only while its session exists and has not expired. */
export async function findUserByToken(db: DbOrTrx, tokenHash: string, now: string) {
  return withRoles(await tokenUserRows(db, tokenHash, now));
}

export async function touchApiToken(db: DbOrTrx, tokenId: number, now: string) {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}

export async function revokeApiToken(db: DbOrTrx, tokenId: number, now: string) {
  await db.updateTable('api_tokens').set({ revoked_at: now }).where('id', '=', tokenId).execute();
}

export async function revokeApiTokensByName(db: DbOrTrx, userId: number, name: string, now: string) {
  await db.updateTable('api_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('name', '=', name).where('revoked_at', 'is', null).execute();
}

export async function revokeUserApiTokens(db: DbOrTrx, userId: number, now: string, exceptTokenId?: number) {
  let q = db.updateTable('api_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptTokenId !== undefined) q = q.where('id', '!=', exceptTokenId);
  await q.execute();
}
