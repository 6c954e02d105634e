import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import * as q from './queries.ts';
import { DEFAULT_RETRY, MailSender, type MailRetryPolicy } from './sender.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

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
}

export interface SendOptions {
  /**
   * A user is waiting for this very mail and is told when it fails (e.g. "send my ticket to this
   * address"): a failed first attempt is final and throws, so they try again instead of the
   * queue delivering it later as well.
   */
  interactive?: boolean;
}

export interface MailerOptions {
  policy?: Partial<MailRetryPolicy>;
  now?: () => Date;
  log?: FastifyBaseLogger;
}

/**
 * Every mail is first written to mail_outbox (an audit trail, and the developer mailbox when
 * no SMTP server is configured). With SMTP_URL the outbox is a queue (decision 014): the writer
 * tries the mail at once; a failed attempt stays queued and a MailSender on any instance retries
 * it with backoff until it is sent or given up.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  /** The SMTP queue's sender; null when mail stays in the outbox. */
  readonly sender: MailSender | null;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    from: string,
    options: MailerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    // Short timeouts: a hanging mail server must not hold the request that wrote the mail for minutes.
    this.transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }) : null;
    const policy = { ...DEFAULT_RETRY, ...options.policy };
    this.sender = this.transport ? new MailSender({ db, transport: this.transport, from, policy, now: this.now, log: options.log }) : null;
  }

  get delivers(): boolean {
    return this.transport !== null;
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
   * Queues a mail and makes the first attempt now. Resolves whether it was delivered; a failure
   * leaves it queued for the sender (never lost), or throws when the send is interactive.
   */
  async send(mail: OutgoingMail, options: SendOptions = {}): Promise<{ id: number; delivered: boolean }> {
    const now = this.now();
    const at = now.toISOString();
    const sender = this.sender;
    // Written already claimed by this instance (its immediate attempt), so no poller races it.
    const id = await q.insertMail(this.db, {
      to_address: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      reply_to: mail.replyTo ?? null,
      created_at: at,
      transport: sender ? 'smtp' : 'outbox',
      sent_at: sender ? null : at,
      error: null,
      attempts: sender ? 1 : 0,
      next_attempt_at: sender ? at : null,
      locked_until: sender ? sender.leaseFrom(now) : null,
    });
    if (mail.attachments?.length) await q.insertAttachments(this.db, id, mail.attachments);
    if (!sender) return { id, delivered: false };
    const outcome = await sender.attempt(await q.findMailOrThrow(this.db, id), { finalOnFailure: options.interactive });
    if (!outcome.sent && options.interactive) throw outcome.error;
    return { id, delivered: outcome.sent };
  }

  async close(): Promise<void> {
    await this.sender?.stop();
    this.transport?.close();
  }
}
