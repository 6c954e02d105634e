import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import * as q from './queries.ts';

export const SESSION_COOKIE = 'heliline_session';
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** Sliding expiry and last-use times are written at most this often, not on every request. */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const stale = (lastIso: string | null, now: Date) => !lastIso || now.getTime() - new Date(lastIso).getTime() >= TOUCH_INTERVAL_MS;
const TOKEN_PREFIX = 'hl_';
const sessionTokenName = (sessionHash: string) => `session:${sessionHash.slice(0, 32)}`;

export interface AuthUser {
  id: number;
  email: string;
  verified: boolean;
  is_agency: boolean;
  is_agency_auth: boolean;
  roles: string[];
  /** The account's own passenger profile, read with the caller (null: none yet). */
  pax: OwnPax | null;
}

/** An account's own passenger: who the wizard's "me" passenger is (spec §5 "Other": sent by id, without names). */
export interface OwnPax {
  id: number;
  lastname: string;
  firstname: string;
  gender: 'M' | 'F' | null;
  birthdate: string | null;
}

/** A token of a SPA login carries its session's hash (the session it lives and dies with). */
export type Auth = { via: 'session'; user: AuthUser; sessionHash: string } | { via: 'token'; user: AuthUser; tokenId: number; sessionHash?: string };

function toAuthUser(row: q.AuthUserRow & { roles: string[] }): AuthUser {
  return {
    id: row.id,
    email: row.email,
    verified: row.email_verified_at !== null,
    is_agency: row.is_agency === 1,
    is_agency_auth: row.is_agency_auth === 1,
    roles: row.roles,
    pax:
      row.pax_id === null
        ? null
        : {
            id: row.pax_id,
            lastname: row.pax_lastname ?? '',
            firstname: row.pax_firstname ?? '',
            gender: row.pax_gender === 'M' || row.pax_gender === 'F' ? row.pax_gender : null,
            birthdate: row.pax_birthdate,
          },
  };
}

/** The credential a request presents: the bearer token first (API clients), else the session cookie. */
function credentialOf(req: FastifyRequest): { bearer: boolean; value: string } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ') === true) return { bearer: true, value: header.slice(7).trim() };
  const cookie = req.cookies[SESSION_COOKIE];
  return cookie ? { bearer: false, value: cookie } : null;
}

/**
 * Server-side sessions (cookie holds a random id; the table holds its hash) and bearer tokens.
 * The caller is read from the database on every request: a logout, a revoked token or a removed
 * role counts at once on every instance.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly secureCookies: boolean,
  ) {}

  /** Starts a session and sets its cookie; returns the session's hash (its id in the table). */
  async startSession(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<string> {
    const id = randomToken();
    const hash = sha256(id);
    const now = new Date();
    await q.insertSession(this.db, {
      id: hash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      ip: req.ip ?? null,
      user_agent: req.headers['user-agent']?.slice(0, 255) ?? null,
    });
    reply.setCookie(SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies,
      maxAge: SESSION_TTL_MS / 1000,
    });
    return hash;
  }

  /**
   * A bearer token that belongs to a browser session (the SPA login answers "user with
   * token"): it works only while that session does (same sliding expiry), and ending the
   * session revokes it too, so no forgotten token outlives a logout or an expiry.
   */
  issueSessionToken(userId: number, sessionHash: string): Promise<string> {
    return this.issueToken(userId, sessionTokenName(sessionHash), sessionHash);
  }

  async issueToken(userId: number, name = 'api', sessionHash?: string): Promise<string> {
    const token = `${TOKEN_PREFIX}${randomToken()}`;
    await q.insertApiToken(this.db, {
      user_id: userId,
      token_hash: sha256(token),
      name,
      created_at: new Date().toISOString(),
      session_id: sessionHash,
    });
    return token;
  }

  /** True when the request carries something that could authenticate it (a bearer token or a session cookie). */
  static presentsCredential(req: FastifyRequest): boolean {
    return credentialOf(req) !== null;
  }

  /** Bearer token first (API clients), else the session cookie: one query for the user and its roles. */
  async resolve(req: FastifyRequest): Promise<Auth | null> {
    const credential = credentialOf(req);
    if (!credential) return null;
    const now = new Date();
    const hash = sha256(credential.value);
    return credential.bearer ? this.lookUpToken(hash, now) : this.lookUpSession(hash, now);
  }

  private async lookUpToken(hash: string, now: Date): Promise<Auth | null> {
    const row = await q.findUserByToken(this.db, hash, now.toISOString());
    if (!row) return null;
    if (stale(row.last_used_at, now)) await q.touchApiToken(this.db, row.token_id, now.toISOString());
    return { via: 'token', user: toAuthUser(row), tokenId: row.token_id, ...(row.session_id ? { sessionHash: row.session_id } : {}) };
  }

  private async lookUpSession(hash: string, now: Date): Promise<Auth | null> {
    const row = await q.findUserBySession(this.db, hash, now.toISOString());
    if (!row) return null;
    if (stale(row.last_seen_at, now)) await q.touchSession(this.db, hash, now.toISOString(), new Date(now.getTime() + SESSION_TTL_MS).toISOString());
    return { via: 'session', user: toAuthUser(row), sessionHash: hash };
  }

  /** Ends what authenticated this request: the session, or the bearer token. */
  async end(auth: Auth, reply: FastifyReply): Promise<void> {
    if (auth.via === 'session') {
      await q.deleteSession(this.db, auth.sessionHash);
      await q.revokeApiTokensByName(this.db, auth.user.id, sessionTokenName(auth.sessionHash), new Date().toISOString());
    } else await q.revokeApiToken(this.db, auth.tokenId, new Date().toISOString());
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /**
   * After a password change or reset: every other way in stops working. The caller's own
   * session or bearer token may be kept (a password change from the account screen).
   */
  async endAllOthers(userId: number, keep: { sessionHash?: string; tokenId?: number } = {}, db: DbOrTrx = this.db): Promise<void> {
    await q.deleteUserSessions(db, userId, keep.sessionHash);
    await q.revokeUserApiTokens(db, userId, new Date().toISOString(), keep.tokenId);
  }

  /** What a password change from this request keeps: the caller's own session, or token (with the session a SPA token lives on). */
  static keepOf(auth: Auth): { sessionHash?: string; tokenId?: number } {
    return auth.via === 'session' ? { sessionHash: auth.sessionHash } : { tokenId: auth.tokenId, sessionHash: auth.sessionHash };
  }
}
