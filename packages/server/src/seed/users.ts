import { hashPassword } from '../lib/passwords.ts';
import type { DbHandle } from '../db/database.ts';
import { Transactions } from '../db/transaction.ts';
import { insertPax } from '../modules/accounts/queries.ts';
import * as q from './queries.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-users.ts';

/**
 * Adds the demo accounts that are missing (by e-mail); an account that exists is left as it
 * is, even if someone changed its password. The password is hashed once, and only when an
 * account has to be created: argon2id is slow on purpose.
 */
export async function seedDemoUsers(handle: Pick<DbHandle, 'db' | 'dialect'>, now: Date = new Date(), accounts: readonly DemoAccount[] = DEMO_ACCOUNTS): Promise<number> {
  const emails = accounts.map((a) => a.email);
  const have = await q.existingEmails(handle.db, emails);
  const missing = accounts.filter((a) => !have.has(a.email));
  if (missing.length === 0) return 0;

  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  const hashed = await Promise.all(missing.map(async (a) => ({ account: a, hash: await hashOf(a.password) })));
  // The administrator first: authorised agencies record who authorised them.
  const ordered = [...hashed].sort((a, b) => Number(b.account.roles.includes('Admin')) - Number(a.account.roles.includes('Admin')));
  return new Transactions(handle).run(async (trx) => {
    let adminId = await q.firstAdminId(trx);
    let added = 0;
    for (const { account: a, hash } of ordered) {
      const id = await q.insertUserIfMissing(trx, userRow(a, hash, adminId, now.toISOString()));
      if (id === null) continue; // another instance created it meanwhile
      added++;
      if (a.roles.includes('Admin')) adminId ??= id;
      await insertPax(trx, { user_id: id, ...a.pax, created_at: now.toISOString(), updated_at: now.toISOString() });
      await q.insertRoles(trx, id, a.roles);
    }
    return added;
  });
}

function userRow(a: DemoAccount, hash: string, adminId: number | null, at: string) {
  const authorised = a.agency && a.agencyAuthorised;
  return {
    email: a.email,
    password_hash: hash,
    email_verified_at: a.verified ? at : null,
    is_agency: a.agency ? 1 : 0,
    is_agency_auth: authorised ? 1 : 0,
    agency_authorised_at: authorised ? at : null,
    agency_authorised_by: authorised ? adminId : null,
    locale: 'it',
    created_at: at,
    updated_at: at,
  } as const;
}
