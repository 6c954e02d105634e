import { type TAccountDeleteBody, type TPersonalDataExport } from '@heliline/domain';
import type { Db, DbOrTrx } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError } from '../../../http/errors.ts';
import type { AuditLog } from '../../audit/service.ts';
import type { AccountsService } from '../service.ts';
import type { AuthUser } from '../../sessions/service.ts';
import * as q from './queries.ts';

export interface PersonalDataDeps {
  db: Db;
  transactions: Transactions;
  audit: Pick<AuditLog, 'record'>;
  /** The current-password check, with its per-account guess limit (the same as a password change). */
  passwords: Pick<AccountsService, 'currentPasswordMatches'>;
  now?: () => Date;
}

type Row = Record<string, unknown>;

/** JSON columns as values, not strings inside the file. */
const withJson = (row: Row, ...columns: string[]): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, columns.includes(k) && typeof v === 'string' ? (JSON.parse(v) as unknown) : v]));

/** What replaces the person in records kept for tax law: opaque, and unique per account. */
const pseudonymOf = (userId: number): q.Pseudonym => ({
  email: `deleted-user-${userId}@deleted.invalid`,
  lastname: 'Pseudonym',
  firstname: `U${userId}`,
});

/**
 * Personal data (GDPR, docs/decisions/016): the export of everything kept about a user (art. 15
 * and 20) and the deletion of an account (art. 17). Records Italian tax law keeps for 10 years
 * (bookings, tickets, payments) stay, with a pseudonym in place of the person; tickets still to
 * fly stay valid with their passengers; everything else about the person is erased.
 */
export class PersonalDataService {
  private readonly now: () => Date;

  constructor(private readonly deps: PersonalDataDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async export(userId: number): Promise<TPersonalDataExport> {
    const db = this.deps.db;
    const account = await q.accountOf(db, userId);
    if (!account) throw new AppError('unauthenticated', 'unauthenticated');
    const bookings = await q.bookingsOf(db, userId);
    const tickets = await q.ticketsOf(db, userId);
    const ticketNrs = tickets.map((t) => t.ticket_nr);
    const requestIds = bookings.map((b) => b.id);
    const codes = bookings.map((b) => b.code);
    return {
      format: 'heliline-personal-data/1',
      exported_at: this.now().toISOString(),
      account,
      roles: await q.rolesOf(db, userId),
      profile: (await q.profileOf(db, userId)) ?? null,
      bookings: bookings.map((b) => withJson(b, 'invoice_json', 'forms_json')),
      passengers: await q.passengersOf(db, requestIds),
      tickets: tickets.map((t) => withJson(t, 'email_pdf_forms')),
      ticket_changes: await q.ticketChangesOf(db, ticketNrs),
      ticket_events: (await q.ticketEventsOf(db, ticketNrs)).map((e) => withJson(e, 'old_values', 'new_values')),
      payments: await q.paymentsOf(db, codes),
      contact_requests: await q.contactRequestsOf(db, account.email),
      sessions: await q.sessionsOf(db, userId),
      api_tokens: await q.apiTokensOf(db, userId),
      mails: await q.mailsTo(db, account.email),
    };
  }

  /**
   * DELETE /api/user: staff accounts are refused (403: an administrator closes them), a wrong
   * password is 422 with nothing written; otherwise one transaction pseudonymises the account
   * and ends every session and token.
   */
  async deleteAccount(user: AuthUser, body: TAccountDeleteBody): Promise<void> {
    if (user.roles.length) throw new AppError('forbidden', 'accountDeletionStaffRefused');
    const account = await q.accountOf(this.deps.db, user.id);
    const hash = await q.passwordHashOf(this.deps.db, user.id);
    if (!account || !hash || !(await this.deps.passwords.currentPasswordMatches(user.id, hash, body.current_password))) {
      throw new AppError('validation', 'accountDeletionPasswordWrong', { current_password: ['accountDeletionPasswordWrong'] });
    }
    await this.deps.transactions.run((trx) => this.pseudonymise(trx, user.id, account.email));
  }

  private async pseudonymise(trx: DbOrTrx, userId: number, email: string): Promise<void> {
    const now = this.now();
    const at = now.toISOString();
    const p = pseudonymOf(userId);
    const bookings = await q.bookingsOf(trx, userId);
    const tickets = await q.ticketsOf(trx, userId);
    const live = new Set(await q.liveTicketNrs(trx, userId, at));
    // A booking keeps its passengers while one of its tickets is still to fly, or while it may still be paid.
    const keepsPassengers = new Set([...tickets.filter((t) => live.has(t.ticket_nr)).map((t) => t.booking_code)]);
    const closed = bookings.filter((b) => !keepsPassengers.has(b.code) && b.status !== 'pending' && b.status !== 'blocked').map((b) => b.id);
    const ticketNrs = tickets.map((t) => t.ticket_nr);
    await q.pseudonymiseAccount(trx, userId, p, at);
    await q.endAccess(trx, userId, at);
    await q.pseudonymiseBookingContacts(trx, bookings, email, p, at);
    await q.pseudonymisePassengers(trx, closed, p);
    await q.pseudonymiseTickets(
      trx,
      ticketNrs,
      ticketNrs.filter((nr) => !live.has(nr)),
      p,
    );
    await q.eraseContactTrail(trx, email);
    await this.deps.audit.record(
      trx,
      ...bookings.map((b) => ({ code: b.code, actor: `user:${userId}`, action: 'pseudonymised' as const, detail: { passengers_kept: !closed.includes(b.id) } })),
    );
  }
}
