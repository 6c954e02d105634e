import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.ts';
import * as q from './queries.ts';

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

/**
 * Every mail is first written to mail_outbox (an audit trail, and the developer mailbox when
 * no SMTP server is configured); with SMTP_URL it is then delivered and marked sent or failed.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
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

  async send(mail: OutgoingMail): Promise<{ id: number; delivered: boolean }> {
    const now = new Date().toISOString();
    const id = await q.insertMail(this.db, {
      to_address: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      created_at: now,
      transport: this.transport ? 'smtp' : 'outbox',
      sent_at: this.transport ? null : now,
      error: null,
    });
    if (mail.attachments?.length) await q.insertAttachments(this.db, id, mail.attachments);
    if (!this.transport) return { id, delivered: false };
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      await q.markSent(this.db, id, new Date().toISOString());
      return { id, delivered: true };
    } catch (err) {
      await q.markFailed(this.db, id, String(err));
      throw err;
    }
  }

  close(): void {
    this.transport?.close();
  }
}
