import type { DbHandle } from '../db/database.ts';
import { Transactions } from '../db/transaction.ts';
import { hashPassword } from '../lib/passwords.ts';
import * as accounts from '../modules/accounts/queries.ts';

export interface AdminInput {
  email: string;
  name: { firstname: string; lastname: string } | null;
}

type AdminOutcome = 'created' | 'granted' | 'unchanged';

/**
 * The first Admin of a new installation (production seeds no users): a new verified staff
 * account, or an existing one given the Admin role and a verified address. An existing
 * account keeps its password: the password is asked only when an account is created.
 */
export async function ensureAdmin(handle: Pick<DbHandle, 'db' | 'dialect'>, input: AdminInput, password: () => Promise<string>): Promise<AdminOutcome> {
  const transactions = new Transactions(handle);
  const existing = await accounts.findUserByEmail(handle.db, input.email);
  if (existing) {
    return transactions.run(async (trx): Promise<AdminOutcome> => {
      const roles = (await accounts.findUserWithPaxAndRoles(trx, existing.id))?.roles ?? [];
      const verified = await accounts.markEmailVerified(trx, existing.id, new Date().toISOString());
      if (roles.includes('Admin')) return verified ? 'granted' : 'unchanged';
      await accounts.insertRole(trx, existing.id, 'Admin');
      return 'granted';
    });
  }
  const passwordHash = await hashPassword(await password());
  return transactions.run(async (trx): Promise<AdminOutcome> => {
    const at = new Date().toISOString();
    const id = await accounts.insertUser(trx, {
      email: input.email,
      password_hash: passwordHash,
      email_verified_at: at,
      is_agency: 0,
      is_agency_auth: 0,
      agency_authorised_at: null,
      agency_authorised_by: null,
      locale: 'it',
      created_at: at,
      updated_at: at,
    });
    if (input.name) await accounts.insertPax(trx, { user_id: id, ...input.name, ...BLANK_PROFILE, created_at: at, updated_at: at });
    await accounts.insertRole(trx, id, 'Admin');
    return 'created';
  });
}

/** The rest of the passenger profile, for the Admin to fill in on the account screen. */
const BLANK_PROFILE = {
  gender: null,
  birthdate: null,
  address: '',
  city: '',
  province: null,
  country_code: 'IT',
  zipcode: '',
  telephone: '',
  document_type_id: null,
  document_num: null,
};
