import { type Lang, parseLang, type TPasswordReset, type TSignup } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { SessionService } from '../sessions/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountExistsMail, type RenderedMail, resetPasswordMail, verifyEmailMail } from '../mail/templates.ts';
import { type ThrottleService, tooManyRequests } from '../throttle/service.ts';
import * as q from './queries.ts';

/** How long the link in the verification e-mail works. */
const VERIFY_LINK_TTL_MINUTES = 60;
/** How long a password-reset link works (and it works once). */
const RESET_TOKEN_TTL_MINUTES = 60;

const VERIFY_PATH_PREFIX = '/email/verify';
/** Where the verification link sends the browser (pages of the web app). */
export const VERIFY_REDIRECT = { ok: '/login?verified=1', invalid: '/pending?verify=invalid' } as const;

export interface VerifyLinkParams {
  id: string;
  hash: string;
  expires?: string;
  signature?: string;
}

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  transactions: Transactions;
  accounts: AccountsService;
  sessions: SessionService;
  throttle: ThrottleService;
  log: FastifyBaseLogger;
}

/**
 * Sign-up, credentials, e-mail verification and password recovery. Sessions and bearer
 * tokens themselves are the SessionService's; account rows are the AccountsService's.
 */
export class AuthService {
  private readonly verifyKey: string;

  constructor(private readonly deps: AuthServiceDeps) {
    // A key of its own, derived from the session secret, so a signature made for one
    // purpose (CSRF tokens) can never pass for another.
    this.verifyKey = `${deps.config.sessionSecret}:verify-email`;
  }

  // ---- sign-up and verification -------------------------------------------------------

  /**
   * Creates the account (user + passenger profile) and e-mails the verification link. An
   * address that already has an account gets the same answer, and its owner an e-mail
   * saying so: the sign-up form must not reveal who is registered.
   */
  async register(input: TSignup, lang: Lang): Promise<{ agency: boolean }> {
    const answer = { agency: input.type === 'agency' };
    // Hash first: known and unknown addresses cost the same time.
    const passwordHash = await hashPassword(input.password);
    const existing = await this.deps.accounts.findByEmail(input.email);
    if (existing) {
      await this.noticeExistingAccount(existing.email, existing.locale);
      return answer;
    }
    try {
      // The account and its verification mail together.
      await this.deps.transactions.run(async (trx) => {
        const id = await this.deps.accounts.createAccount(trx, input, passwordHash, lang);
        const name = input.type === 'agency' ? input.lastname : input.firstname;
        await this.deps.mailer.enqueue(trx, { to: input.email, ...this.verificationMail(id, input.email, lang, input.type === 'agency', name) });
      });
    } catch (err) {
      // Lost a race with a concurrent sign-up of the same address.
      if (!(err instanceof AppError && err.fieldErrors.email?.includes('emailTaken'))) throw err;
      await this.noticeExistingAccount(input.email, lang);
      return answer;
    }
    return answer;
  }

  private async noticeExistingAccount(email: string, locale: string): Promise<void> {
    const { limited } = await this.deps.throttle.hit('accountExistsNotices', email);
    if (limited) return;
    const { appUrl } = this.deps.config;
    const lang = parseLang(locale);
    await this.deliver(email, accountExistsMail({ lang, email, loginUrl: `${appUrl}/login`, resetUrl: `${appUrl}/password/reset` }));
  }

  /** `${appUrl}/email/verify/{id}/{sha256(email)}?expires=…&signature=…` */
  verificationUrl(userId: number, email: string, now: Date = new Date()): string {
    const path = `${VERIFY_PATH_PREFIX}/${userId}/${sha256(email)}`;
    const expires = Math.floor(now.getTime() / 1000) + VERIFY_LINK_TTL_MINUTES * 60;
    return `${this.deps.config.appUrl}${path}?expires=${expires}&signature=${this.signVerify(path, String(expires))}`;
  }

  private signVerify(path: string, expires: string): string {
    return hmac(this.verifyKey, `${path}?expires=${expires}`);
  }

  /** Checks a verification link; marks the address verified. Tampered, foreign or expired links are invalid. */
  async verifyEmail(params: VerifyLinkParams, now: Date = new Date()): Promise<'verified' | 'invalid'> {
    const { id, hash, expires, signature } = params;
    if (!/^\d{1,12}$/.test(id) || !/^[0-9a-f]{64}$/.test(hash) || !expires || !/^\d{1,12}$/.test(expires) || !signature) {
      return 'invalid';
    }
    const path = `${VERIFY_PATH_PREFIX}/${id}/${hash}`;
    if (!safeEqual(signature, this.signVerify(path, expires))) return 'invalid';
    const user = await this.deps.accounts.findById(Number(id));
    // The hash binds the link to the address it was sent to.
    if (!user || !safeEqual(sha256(user.email), hash)) return 'invalid';
    if (user.email_verified_at !== null) return 'verified';
    if (Number(expires) < Math.floor(now.getTime() / 1000)) return 'invalid';
    await this.deps.accounts.markEmailVerified(user.id);
    return 'verified';
  }

  private async sendVerification(userId: number): Promise<void> {
    const row = await this.deps.accounts.findById(userId);
    if (!row) return;
    const lang = parseLang(row.locale);
    const user = await this.deps.accounts.requireUser(userId, lang);
    const name = user.pax ? (user.is_agency ? user.pax.lastname : user.pax.firstname) : user.email;
    await this.deliver(row.email, this.verificationMail(userId, row.email, lang, user.is_agency, name));
  }

  private verificationMail(userId: number, email: string, lang: Lang, agency: boolean, name: string): RenderedMail {
    return verifyEmailMail({ lang, url: this.verificationUrl(userId, email), expiresMinutes: VERIFY_LINK_TTL_MINUTES, agency, name });
  }

  /**
   * Sends a new verification link to an existing, unverified account. Answers the same for
   * every address (no enumeration); throttled per address.
   */
  async resendVerification(email: string): Promise<void> {
    await this.deps.throttle.consume('verificationResends', email);
    const user = await this.deps.accounts.findByEmail(email);
    if (user && user.email_verified_at === null) await this.sendVerification(user.id);
  }

  // ---- credentials ------------------------------------------------------------------------

  /**
   * Checks e-mail and password; returns the user id. Unknown e-mail and wrong password give
   * the same 422 and cost the same time. Too many failures for one e-mail from one client
   * address give 429 to that address only: the owner logging in from elsewhere is not locked out.
   */
  async checkCredentials(email: string, password: string, clientIp: string): Promise<number> {
    const subject = `${email}|${clientIp}`;
    const locked = await this.deps.throttle.lockedFor('loginFailures', subject);
    if (locked) throw tooManyRequests(locked);
    const user = await this.deps.accounts.findByEmail(email);
    const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
    if (!user || !ok) {
      await this.deps.throttle.hit('loginFailures', subject);
      throw validationError('email', 'loginFailed');
    }
    await this.deps.throttle.clear('loginFailures', subject);
    return user.id;
  }

  /** The bearer API's login: wrong credentials are 401 there, not the form's 422. */
  async checkApiCredentials(email: string, password: string, clientIp: string): Promise<number> {
    try {
      return await this.checkCredentials(email, password, clientIp);
    } catch (err) {
      if (err instanceof AppError && err.code === 'validation') throw new AppError('unauthenticated', 'loginFailed');
      throw err;
    }
  }

  // ---- password recovery ------------------------------------------------------------------

  /** E-mails a single-use reset link; unknown addresses get a 422 (the spec shows that message). */
  async requestPasswordReset(email: string): Promise<void> {
    await this.deps.throttle.consume('passwordResetRequests', email);
    const user = await this.deps.accounts.findByEmail(email);
    if (!user) throw validationError('email', 'noUserForEmail');
    const token = randomToken(32);
    const now = new Date();
    const url = `${this.deps.config.appUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`;
    const lang = parseLang(user.locale);
    // The token and its mail together.
    await this.deps.transactions.run(async (trx) => {
      await q.deleteUnusedPasswordResets(trx, user.id);
      await q.insertPasswordReset(trx, {
        user_id: user.id,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString(),
      });
      await this.deps.mailer.enqueue(trx, { to: user.email, ...resetPasswordMail({ lang, url, expiresMinutes: RESET_TOKEN_TTL_MINUTES, email: user.email }) });
    });
  }

  /**
   * Sets a new password with a reset token. The token must exist, belong to that e-mail, be
   * unexpired and unused; it is then used up, the address counts as verified (the user proved
   * they read it) and every session and token of the account ends.
   */
  async resetPassword(input: TPasswordReset): Promise<void> {
    const invalid = () => validationError('email', 'resetTokenInvalid');
    const reset = await q.findPasswordReset(this.deps.db, sha256(input.token));
    const now = new Date();
    if (!reset || reset.used_at !== null || reset.expires_at <= now.toISOString()) throw invalid();
    const user = await this.deps.accounts.findById(reset.user_id);
    if (!user || user.email !== input.email) throw invalid();
    const passwordHash = await hashPassword(input.password);
    await this.deps.transactions.run(async (trx) => {
      if (!(await q.markPasswordResetUsed(trx, reset.id, now.toISOString()))) throw invalid();
      await this.deps.accounts.setPassword(user.id, passwordHash, trx);
      await this.deps.accounts.markEmailVerified(user.id, trx);
      await this.deps.sessions.endAllOthers(user.id, {}, trx);
    });
  }

  // ---- mail -------------------------------------------------------------------------------

  /**
   * A mail that follows no change (a resent link, the notice to an existing account): written
   * and tried at once; an SMTP failure is recorded on it and logged (the user can ask again).
   */
  private async deliver(to: string, mail: RenderedMail): Promise<void> {
    try {
      await this.deps.mailer.send({ to, ...mail });
    } catch (err) {
      this.deps.log.error({ err, kind: mail.kind }, 'mail delivery failed');
    }
  }
}
