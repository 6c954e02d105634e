import { encodeBookingStatusParam, formatMoney, type Lang, localizedWith, OPERATOR_TZ, paymentLinkEmailIssue } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError, IssuesError } from '../../../http/errors.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';
import type { AuditLog } from '../../audit/service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { render } from '../../mail/templates.ts';
import type { PaymentsService } from '../../payments/service.ts';
import { insertEvent } from '../requests/queries.ts';
import * as q from './queries.ts';

export interface PaymentLinksDeps {
  db: Db;
  transactions: Pick<Transactions, 'run'>;
  payments: Pick<PaymentsService, 'create' | 'get'>;
  mailer: Pick<Mailer, 'enqueue'>;
  appUrl: string;
  log: FastifyBaseLogger;
  audit: Pick<AuditLog, 'record'>;
  now?: () => Date;
}

/** Who sends a link (recorded on the link and in the booking's events). */
export interface LinkActor {
  id: number;
}

export interface SentLink {
  /** Our URL (/payment-link/{token}): opens the bank's page while the booking's hold lasts. */
  link: string;
  /** The address it was sent to. */
  email: string;
  /** ISO instant after which the link shows the expired page. */
  expiresAt: string;
}

/** What a visit of a link leads to. */
export type LinkVisit = { kind: 'bank'; url: string } | { kind: 'expired'; lang: Lang } | { kind: 'unknown' };

export const PAYMENT_LINK_PATH = '/payment-link';

/**
 * Payment links (type -1, docs/decisions/010): e-mails a URL of ours carrying a random token
 * (only its SHA-256 is stored) that opens the bank's hosted page of a pending booking while its
 * hold lasts. Paying it reaches the usual outcome handler (tickets). Reused by the failed-bookings
 * list (resend) and ticket changes: send() works on any booking that is pending with seats held.
 */
export class PaymentLinksService {
  private readonly now: () => Date;

  constructor(private readonly deps: PaymentLinksDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Sends the link of a pending booking to `email`. 422 on a bad address (nothing sent),
   * 404 unknown booking, 409 when it no longer waits for payment. Opens a bank payment unless
   * the booking's current one is still open (a resend points at the same bank page).
   */
  async send(bookingCode: string, email: string, lang: Lang, actor: LinkActor): Promise<SentLink> {
    const bad = paymentLinkEmailIssue(email);
    if (bad) throw new IssuesError([bad]);
    const row = await q.requestByCode(this.deps.db, bookingCode);
    if (!row) throw new AppError('notFound', 'notFound');
    const at = this.now().toISOString();
    if (row.status !== 'pending' || row.hold_expires_at <= at) throw new AppError('conflict', 'paymentLinkNotPending');
    const bankUrl = await this.bankPage(row, lang, at);
    const token = randomToken(32);
    const link = `${this.deps.appUrl}${PAYMENT_LINK_PATH}/${token}`;
    // The link, its event and its mail are written together: no link without its mail.
    await this.deps.transactions.run(async (trx) => {
      await q.insertLink(trx, { requestId: row.id, tokenHash: sha256(token), email, lang, bankUrl, createdBy: actor.id, at });
      await insertEvent(trx, { requestId: row.id, from: row.status, to: row.status, actor: `user:${actor.id}`, reason: `payment link sent to ${email}`, at });
      // The address is in the link row, not the log.
      await this.deps.audit.record(trx, { code: bookingCode, actor: `user:${actor.id}`, action: 'paymentLinkSent', detail: { hold_expires_at: row.hold_expires_at } });
      await this.deps.mailer.enqueue(trx, this.mail(email, lang, row, link));
    });
    return { link, email, expiresAt: row.hold_expires_at };
  }

  /** GET /payment-link/{token}: the bank's page while the hold lasts; afterwards the expired page. */
  async visit(token: string): Promise<LinkVisit> {
    const found = await q.linkByHash(this.deps.db, sha256(token));
    if (!found) return { kind: 'unknown' };
    if (found.status === 'pending' && found.hold_expires_at > this.now().toISOString()) return { kind: 'bank', url: found.bank_url };
    return { kind: 'expired', lang: found.lang === 'en' ? 'en' : 'it' };
  }

  private async bankPage(row: NonNullable<Awaited<ReturnType<typeof q.requestByCode>>>, lang: Lang, at: string): Promise<string> {
    const previous = row.payment_id ? await q.latestLink(this.deps.db, row.id) : undefined;
    if (previous && row.payment_id && (await this.deps.payments.get(row.payment_id))?.status === 'pending') return previous.bank_url;
    try {
      const created = await this.deps.payments.create({
        reference: row.code,
        amountCents: row.amount_cents,
        description: `Heliline ${row.code}`,
        lang,
        customerEmail: row.contact_email,
        returnPath: `/booking-status/${encodeBookingStatusParam(row.code)}`,
      });
      await q.setPaymentId(this.deps.db, row.id, created.paymentId, at);
      return created.redirectUrl;
    } catch (err) {
      this.deps.log.error({ err, code: row.code }, 'payment for a link could not be created');
      throw new AppError('badGateway', 'paymentUnavailable');
    }
  }

  private mail(to: string, lang: Lang, row: { code: string; amount_cents: number; hold_expires_at: string }, link: string) {
    const format = { timeZone: OPERATOR_TZ, hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit' } as const;
    const until = new Intl.DateTimeFormat(lang === 'it' ? 'it-IT' : 'en-GB', format).format(new Date(row.hold_expires_at));
    const params = { code: row.code, amount: formatMoney(row.amount_cents, lang), until };
    const subject = localizedWith('paymentLinkMailSubject', params)[lang];
    const { html, text } = render({
      lang,
      title: subject.replace(/^Heliline - /, ''),
      intro: [localizedWith('paymentLinkMailIntro', params)[lang]],
      button: { label: localizedWith('paymentLinkMailButton')[lang], url: link },
      outro: [localizedWith('paymentLinkMailOutro')[lang]],
    });
    return { to, kind: 'payment-link', subject, html, text };
  }
}
