import { hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../database.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-users.ts';

/**
 * Adds the demo accounts that are missing (by e-mail); an account that exists is left as it
 * is, even if someone changed its password. The password is hashed once, and only when an
 * account has to be created: argon2id is slow on purpose.
 */
export async function seedDemoUsers(db: Db, now: Date = new Date(), accounts: readonly DemoAccount[] = DEMO_ACCOUNTS): Promise<number> {
  const emails = accounts.map((a) => a.email);
  const existing = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  const have = new Set(existing.map((r) => r.email));
  const missing = accounts.filter((a) => !have.has(a.email));
  if (missing.length === 0) return 0;

  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  const hashed = await Promise.all(missing.map(async (a) => ({ account: a, hash: await hashOf(a.password) })));
  const at = now.toISOString();

  return db.transaction().execute(async (trx) => {
    // The administrator first: authorised agencies record who authorised them.
    const admin = await trx
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select('users.id')
      .where('user_roles.role', '=', 'Admin')
      .orderBy('users.id')
      .executeTakeFirst();
    let adminId = admin?.id ?? null;
    let added = 0;
    const ordered = [...hashed].sort((a, b) => Number(b.account.roles.includes('Admin')) - Number(a.account.roles.includes('Admin')));
    for (const { account: a, hash } of ordered) {
      const row = await trx
        .insertInto('users')
        .values({
          email: a.email,
          password_hash: hash,
          email_verified_at: a.verified ? at : null,
          is_agency: a.agency ? 1 : 0,
          is_agency_auth: a.agency && a.agencyAuthorised ? 1 : 0,
          agency_authorised_at: a.agency && a.agencyAuthorised ? at : null,
          agency_authorised_by: a.agency && a.agencyAuthorised ? adminId : null,
          locale: 'it',
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue; // another instance created it meanwhile
      added++;
      if (a.roles.includes('Admin')) adminId ??= row.id;
      await trx.insertInto('paxes').values({ user_id: row.id, ...a.pax, created_at: at, updated_at: at }).execute();
      if (a.roles.length) {
        await trx.insertInto('user_roles').values(a.roles.map((role) => ({ user_id: row.id, role }))).execute();
      }
    }
    return added;
  });
}
