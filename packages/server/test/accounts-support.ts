import type { TSignupInput } from '@heliline/domain';
import { ZSignup } from '@heliline/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { AccountsService } from '../src/modules/accounts/service.ts';
import { SessionService } from '../src/modules/sessions/service.ts';
import { Transactions } from '../src/db/transaction.ts';
import { dialectOf } from './helpers.ts';
import { listMail } from '../src/modules/mail/queries.ts';
import { Client } from './helpers.ts';

/** Shared fixtures of the accounts tests (auth, accounts, admin, mail). */

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits of one test never leak into another. */
export const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** A browser-like client calling from its own IP address. */
export class IpClient extends Client {
  constructor(
    app: FastifyInstance,
    lang: 'it' | 'en' = 'it',
    readonly ip: string = nextIp(),
  ) {
    super(app, lang);
  }

  override request(opts: InjectOptions & { bearer?: string; noCsrf?: boolean }): Promise<LightMyRequestResponse> {
    return super.request({ remoteAddress: this.ip, ...opts });
  }
}

let emailCounter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++emailCounter}@example.com`;

export const PASSWORD = 'Elicottero2024';

export function userSignup(overrides: Partial<TSignupInput> = {}): TSignupInput {
  return {
    type: 'user',
    email: uniqueEmail(),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    lastname: 'Rossi',
    firstname: 'Maria',
    gender: 'F',
    birthdate: '14/03/1985',
    address: 'Via Roma 1',
    city: 'Foggia',
    province: 'FG',
    country: 'Italia',
    zipcode: '71121',
    telephone: '+39 0881 123456',
    document_type: 2,
    document_num: 'YA1234567',
    ...overrides,
  };
}

export function agencySignup(overrides: Partial<TSignupInput> = {}): TSignupInput {
  return {
    type: 'agency',
    email: uniqueEmail('agency'),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    lastname: 'Viaggi Gargano Srl',
    firstname: 'IT01234567890',
    address: 'Corso Garibaldi 10',
    city: 'Vieste',
    province: 'FG',
    country: 'Italia',
    zipcode: '71019',
    telephone: '0884 700000',
    ...overrides,
  };
}

export interface FixtureUser {
  id: number;
  email: string;
  password: string;
}

/** An account made directly through the accounts service (no HTTP, no mail). */
export async function createUser(
  db: Db,
  options: { signup?: Partial<TSignupInput>; agency?: boolean; verified?: boolean; authorised?: boolean; roles?: string[]; locale?: 'it' | 'en' } = {},
): Promise<FixtureUser> {
  const input = ZSignup.parse(options.agency ? agencySignup(options.signup) : userSignup(options.signup));
  const accounts = new AccountsService({
    db,
    transactions: new Transactions({ db, dialect: dialectOf(db) }),
    sessions: new SessionService(db, false),
  });
  const id = await db.transaction().execute(async (trx) => accounts.createAccount(trx, input, await hashPassword(input.password), options.locale ?? 'it'));
  if (options.verified ?? true) await accounts.markEmailVerified(id);
  for (const role of options.roles ?? []) await accounts.addRole(id, role);
  if (options.agency && options.authorised) await accounts.authoriseAgency(id, id);
  return { id, email: input.email, password: input.password };
}

/** Logs a client in through the SPA endpoint; returns the answer's user (with token). */
export async function login(client: Client, user: { email: string; password: string }) {
  const res = await client.post('/api/auth/login', { email: user.email, password: user.password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().user as { id: number; token: string; email: string };
}

export async function mailsTo(db: Db, to: string) {
  return (await listMail(db, { to, limit: 50 })).reverse();
}

export async function lastMailTo(db: Db, to: string) {
  const all = await mailsTo(db, to);
  const last = all.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  return last;
}

/** The first link to our app in a plain-text mail body. */
export function linkIn(text: string, appUrl: string): string {
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = text.match(new RegExp(`${escaped}\\S+`));
  if (!match) throw new Error(`no link to ${appUrl} in:\n${text}`);
  return match[0];
}

/** Path and query of an absolute link, for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const TABLES = ['users', 'paxes', 'user_roles', 'sessions', 'api_tokens', 'password_resets', 'mail_outbox'] as const;
export type TableCounts = Record<(typeof TABLES)[number], number>;

/** Row counts of the accounts tables, to prove a refused request wrote nothing. */
export async function counts(db: Db): Promise<TableCounts> {
  const out = {} as TableCounts;
  for (const t of TABLES) {
    const row = await db.selectFrom(t).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
