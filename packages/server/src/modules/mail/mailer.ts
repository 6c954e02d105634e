import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../db/transaction.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import * as q from './queries.ts';
import { type AttachmentRenderer, DEFAULT_RETRY, type MailAttachment, MailSender, type MailRetryPolicy } from './sender.ts';

export type { AttachmentRenderer, MailAttachment } from './sender.ts';

export interface OutgoingMail {
  to: string;
  kind: string;
  subject: string;
  html: string;
  text: string;
  /** Answers go to this address (e.g. the visitor who wrote through the contact form). */
  replyTo?: string;
  /** Kept with the outbox row (mail_attachments), so the outbox shows what was really sent. */
  attachments?: MailAttachment[];
  /**
   * Attachments rendered when the mail is delivered, by the renderer registered under `with`
   * (Mailer.renderAttachments) from `args` (kept as JSON): a PDF is not rendered inside the
   * write transaction that queues its mail.
   */
  renderAttachments?: { with: string; args: unknown };
}

export interface MailerOptions {
  policy?: Partial<MailRetryPolicy>;
  now?: () => Date;
  log?: FastifyBaseLogger;
}

/**
 * Every mail is written to mail_outbox (an audit trail, and the developer mailbox when no SMTP
 * server is configured). A mail that a change causes is written by `enqueue` inside that
 * change's transaction, so it exists exactly when the change does; the MailSender delivers it
 * once the transaction has committed (nudged at once, and polling on every instance), retrying
 * with backoff (decision 014). `send` is for mail a user waits for that follows no change.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  /** Delivers the queue: over SMTP, or (without SMTP_URL) only renders attachments into the outbox. */
  readonly sender: MailSender;
  private readonly renderers = new Map<string, AttachmentRenderer>();
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    from: string,
    options: MailerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    // Short timeouts: a hanging mail server must not hold a mail's delivery for minutes.
    this.transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }) : null;
    const policy = { ...DEFAULT_RETRY, ...options.policy };
    this.sender = new MailSender({ db, transport: this.transport, renderers: this.renderers, from, policy, now: this.now, log: options.log });
  }

  /** How the attachments of mails queued with `renderAttachments: { with: name }` are made at delivery. */
  renderAttachments(name: string, renderer: AttachmentRenderer): void {
    this.renderers.set(name, renderer);
  }

  /** The newest mails of the outbox, optionally for one recipient (the developer mailbox). */
  outbox(options: { to?: string; limit: number }) {
    return q.listMail(this.db, options);
  }

  /** One mail of the outbox. */
  outboxMail(id: number) {
    return q.findMail(this.db, id);
  }

  /** File names, types and sizes of the attachments of some mails. */
  attachmentNames(mailIds: number[]) {
    return q.listAttachmentNames(this.db, mailIds);
  }

  /**
   * Queues a mail in the transaction `trx` of the change that causes it: it is delivered after
   * that commit, never without it. Without SMTP a mail with nothing to render is done at once.
   */
  async enqueue(trx: DbOrTrx, mail: OutgoingMail): Promise<number> {
    const at = this.now().toISOString();
    const queued = this.transport !== null || mail.renderAttachments !== undefined;
    const id = await this.insert(trx, mail, {
      sent_at: queued ? null : at,
      attempts: 0,
      next_attempt_at: queued ? at : null,
      locked_until: null,
    });
    if (queued) afterCommit(trx, () => void this.sender.drain());
    return id;
  }

  /**
   * A mail a user waits for: written and tried at once. Resolves whether it was delivered; a
   * failure leaves it queued for the sender. `interactive`: the user is told when it fails (e.g.
   * "send my ticket to this address"), so a failed first attempt is final and throws, and they
   * try again instead of the queue delivering it later as well.
   */
  async send(mail: OutgoingMail, options: { interactive?: boolean } = {}): Promise<{ id: number; delivered: boolean }> {
    if (!this.transport) return { id: await this.enqueue(this.db, mail), delivered: false };
    const now = this.now();
    // Written already claimed by this instance (its immediate attempt), so no poller races it.
    const id = await this.insert(this.db, mail, { sent_at: null, attempts: 1, next_attempt_at: now.toISOString(), locked_until: this.sender.leaseFrom(now) });
    const outcome = await this.sender.attempt(await q.findMailOrThrow(this.db, id), { finalOnFailure: options.interactive });
    if (!outcome.sent && options.interactive) throw outcome.error;
    return { id, delivered: outcome.sent };
  }

  private async insert(db: DbOrTrx, mail: OutgoingMail, state: Pick<q.NewMail, 'sent_at' | 'attempts' | 'next_attempt_at' | 'locked_until'>): Promise<number> {
    const id = await q.insertMail(db, {
      to_address: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      reply_to: mail.replyTo ?? null,
      created_at: this.now().toISOString(),
      transport: this.transport ? 'smtp' : 'outbox',
      error: null,
      attach_json: mail.renderAttachments ? JSON.stringify(mail.renderAttachments) : null,
      ...state,
    });
    if (mail.attachments?.length) await q.insertAttachments(db, id, mail.attachments);
    return id;
  }

  async close(): Promise<void> {
    await this.sender.stop();
    this.transport?.close();
  }
}
