import {
  accountUpdateErrors,
  countryName,
  type Lang,
  type MessageKey,
  parseLang,
  type TAgencyStatusFilter,
  type TAgencySummary,
  type TAccountUpdate,
  type TDocumentType,
  type TGender,
  type TPax,
  type TSignup,
  type TUser,
  toWireDate,
} from '@heliline/domain';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { type ThrottleService, tooManyRequests } from '../throttle/service.ts';
import type { Pax, User } from '../../db/schema.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type Auth, SessionService } from '../sessions/service.ts';
import { LRUCache } from 'lru-cache';
import * as q from './queries.ts';

type DocumentTypeRow = Awaited<ReturnType<typeof q.listDocumentTypes>>[number];

function toPax(row: Pax, lang: Lang): TPax {
  return {
    id: row.id,
    lastname: row.lastname,
    firstname: row.firstname,
    gender: (row.gender as TGender | null) ?? null,
    birthdate: row.birthdate ? toWireDate(row.birthdate) : null,
    address: row.address,
    city: row.city,
    province: row.province,
    country: countryName(row.country_code, lang),
    country_code: row.country_code,
    zipcode: row.zipcode,
    telephone: row.telephone,
    document_type: row.document_type_id,
    document_num: row.document_num,
  };
}

function toUser(user: Pick<User, 'id' | 'email' | 'email_verified_at' | 'is_agency' | 'is_agency_auth'>, pax: Pax | undefined, roles: string[], lang: Lang): TUser {
  return {
    id: user.id,
    email: user.email,
    verified: user.email_verified_at !== null,
    is_agency: user.is_agency === 1,
    is_agency_auth: user.is_agency_auth === 1,
    roles,
    telephone: pax?.telephone ?? null,
    pax: pax ? toPax(pax, lang) : null,
  };
}

type AgencyRow = Awaited<ReturnType<typeof q.listAgencies>>[number];
const toAgency = (row: AgencyRow): TAgencySummary => ({
  id: row.id,
  email: row.email,
  company_name: row.lastname ?? '',
  vat: row.firstname ?? '',
  telephone: row.telephone,
  city: row.city,
  verified: row.email_verified_at !== null,
  is_agency_auth: row.is_agency_auth === 1,
  created_at: row.created_at,
});

/**
 * Accounts: the users and their passenger profiles (paxes), roles and document types.
 * Other modules read and change accounts only through this service.
 */
export class AccountsService {
  private readonly db: Db;

  /** Reference data written by the seed: read again a minute later at most (docs/caches.md). */
  private readonly documentTypes = new LRUCache<'all', DocumentTypeRow[]>({ max: 1, ttl: 60_000, fetchMethod: () => q.listDocumentTypes(this.db) });

  /** `throttle` limits current_password guesses (absent only in fixtures that never check one). */
  constructor(private readonly deps: { db: Db; transactions: Transactions; sessions: SessionService; throttle?: ThrottleService }) {
    this.db = deps.db;
  }

  async requireUser(id: number, lang: Lang, db: DbOrTrx = this.db): Promise<TUser> {
    const found = await q.findUserWithPaxAndRoles(db, id);
    if (!found) throw new AppError('unauthenticated', 'unauthenticated');
    return toUser(found.user, found.pax, found.roles, lang);
  }

  findByEmail(email: string, db: DbOrTrx = this.db) {
    return q.findUserByEmail(db, email.trim().toLowerCase());
  }

  findById(id: number, db: DbOrTrx = this.db) {
    return q.findUserById(db, id);
  }

  /**
   * Creates the user and its passenger profile. Call inside a transaction: a 422 thrown here
   * (e-mail taken, unknown document type) must leave nothing written.
   */
  async createAccount(db: DbOrTrx, input: TSignup, passwordHash: string, locale: Lang): Promise<number> {
    if (await q.findUserByEmail(db, input.email)) throw validationError('email', 'emailTaken');
    if (input.document_type !== null && !(await q.documentTypeExists(db, input.document_type))) {
      throw validationError('document_type', 'documentTypeInvalid');
    }
    const now = new Date().toISOString();
    const agency = input.type === 'agency';
    let userId: number;
    try {
      userId = await q.insertUser(db, {
        email: input.email,
        password_hash: passwordHash,
        email_verified_at: null,
        is_agency: agency ? 1 : 0,
        is_agency_auth: 0,
        agency_authorised_at: null,
        agency_authorised_by: null,
        locale,
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      if (q.isUniqueViolation(err)) throw validationError('email', 'emailTaken');
      throw err;
    }
    await q.insertPax(db, {
      user_id: userId,
      lastname: input.lastname,
      firstname: input.firstname,
      gender: input.gender,
      birthdate: input.birthdate,
      address: input.address,
      city: input.city,
      province: input.province,
      country_code: input.countryCode,
      zipcode: input.zipcode,
      telephone: input.telephone,
      document_type_id: input.document_type,
      document_num: input.document_num,
      created_at: now,
      updated_at: now,
    });
    return userId;
  }

  async addRole(userId: number, role: string, db: DbOrTrx = this.db): Promise<void> {
    await q.insertRole(db, userId, role);
  }

  async setPassword(userId: number, passwordHash: string, db: DbOrTrx = this.db): Promise<void> {
    await q.updatePasswordHash(db, userId, passwordHash, new Date().toISOString());
  }

  /** True when this call verified the address (false when it already was). */
  async markEmailVerified(userId: number, db: DbOrTrx = this.db): Promise<boolean> {
    return q.markEmailVerified(db, userId, new Date().toISOString());
  }

  /**
   * Account screen. Identity fields are read-only and ignored; agencies have no document.
   * A password change needs the current password and ends every other session and token.
   */
  async updateAccount(auth: Auth, input: TAccountUpdate, lang: Lang): Promise<TUser> {
    const userId = auth.user.id;
    const user = await q.findUserById(this.db, userId);
    if (!user) throw new AppError('unauthenticated', 'unauthenticated');
    const agency = user.is_agency === 1;
    const fieldErrors: Record<string, MessageKey[]> = accountUpdateErrors(input, { agency });

    const pax: Parameters<typeof q.updatePax>[2] = {
      address: input.address,
      telephone: input.telephone,
      updated_at: new Date().toISOString(),
    };
    if (!agency && !Object.keys(fieldErrors).length) {
      if (input.document_type) {
        if (await q.documentTypeExists(this.db, input.document_type)) pax.document_type_id = input.document_type;
        else fieldErrors.document_type = ['documentTypeInvalid'];
      }
      if (input.document_num) pax.document_num = input.document_num.trim();
    }

    let newHash: string | null = null;
    if (input.password) {
      if (!(await this.currentPasswordMatches(userId, user.password_hash, input.current_password ?? ''))) {
        fieldErrors.current_password = ['currentPasswordWrong'];
      } else if (!Object.keys(fieldErrors).length) {
        newHash = await hashPassword(input.password);
      }
    }
    if (Object.keys(fieldErrors).length) throw new AppError('validation', 'invalidInput', fieldErrors);

    await this.deps.transactions.run(async (trx) => {
      // A staff account may have no passenger profile: then only the password can change.
      if (await q.findPaxByUser(trx, userId)) await q.updatePax(trx, userId, pax);
      if (!newHash) return q.touchUser(trx, userId, pax.updated_at);
      await q.updatePasswordHash(trx, userId, newHash, pax.updated_at);
      // A new password ends every other way in, in the same transaction.
      await this.deps.sessions.endAllOthers(userId, SessionService.keepOf(auth), trx);
    });
    return this.requireUser(userId, lang);
  }

  /**
   * Checks the current password of a signed-in account; wrong guesses are counted per account
   * and, past the limit, refused with 429 before the password is even compared.
   */
  async currentPasswordMatches(userId: number, passwordHash: string, candidate: string): Promise<boolean> {
    const subject = `user:${userId}`;
    const locked = (await this.deps.throttle?.lockedFor('currentPasswordFailures', subject)) ?? 0;
    if (locked) throw tooManyRequests(locked);
    const ok = await verifyPassword(passwordHash, candidate);
    if (!ok) await this.deps.throttle?.hit('currentPasswordFailures', subject);
    return ok;
  }

  /** The ids of the document types (reference data: seeded, stable ids); a booking checks every passenger's against them. */
  documentTypeIds(): Promise<ReadonlySet<number>> {
    return this.documentTypes.fetch('all').then((rows) => new Set(rows!.map((r) => r.id)));
  }

  async listDocumentTypes(lang: Lang): Promise<TDocumentType[]> {
    const rows = (await this.documentTypes.fetch('all'))!;
    return rows.map((r) => ({ id: r.id, text: lang === 'en' ? r.text_en : r.text_it }));
  }

  async listAgencies(status: TAgencyStatusFilter): Promise<TAgencySummary[]> {
    return (await q.listAgencies(this.db, status === 'pending')).map(toAgency);
  }

  /**
   * Unlocks an agency. Unknown ids and accounts that are not agencies are 404.
   * `newly` is false when it was already authorised (nothing changes, no second e-mail).
   */
  async authoriseAgency(id: number, byUserId: number, db: DbOrTrx = this.db): Promise<{ agency: TAgencySummary; locale: Lang; newly: boolean }> {
    const newly = await q.authoriseAgency(db, id, byUserId, new Date().toISOString());
    const row = await q.findAgency(db, id);
    if (!row) throw new AppError('notFound', 'notFound');
    return { agency: toAgency(row), locale: parseLang(row.locale), newly };
  }
}
