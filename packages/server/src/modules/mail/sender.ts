import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { type Db, nowIso, onPostgres } from '../../db/database.ts';
import type { MailRow } from '../../db/schema.ts';
import * as q from './queries.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Makes a queued mail's attachments at delivery from the arguments it was queued with. */
export type AttachmentRenderer = (args: never) => Promise<MailAttachment[]>;

export interface MailRetryPolicy {
  /** Attempts before a mail is given up (marked failed and logged). */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long a claimed mail stays with its sender; past it (a crashed instance) another takes it. */
  leaseMs: number;
}

export const DEFAULT_RETRY: MailRetryPolicy = { maxAttempts: 8, backoffBaseMs: 30_000, backoffMaxMs: 3_600_000, leaseMs: 120_000 };

export type AttemptOutcome = { sent: true } | { sent: false; error: unknown; final: boolean };

/** Wait before the next attempt, after `attempts` failed ones: base, 2×base, 4×base… capped. */
export function backoffMs(policy: MailRetryPolicy, attempts: number): number {
  return Math.min(policy.backoffBaseMs * 2 ** Math.max(0, attempts - 1), policy.backoffMaxMs);
}

interface SenderDeps {
  db: Db;
  /** null without SMTP_URL: delivering only renders a mail's attachments into the outbox. */
  transport: Transporter | null;
  renderers: ReadonlyMap<string, AttachmentRenderer>;
  from: string;
  policy: MailRetryPolicy;
  now: () => Date;
  log?: FastifyBaseLogger;
}

/**
 * Delivers queued mail_outbox rows (decision 014). Any instance may run one: a mail is claimed by
 * one sender at a time (queries.claimDueMail), so it is sent once, and a failed attempt is
 * retried later with exponential backoff instead of being lost.
 */
export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** A run asked for while one was going: it starts when that one ends, to see mail committed meanwhile. */
  private next: Promise<number> | null = null;
  private stopped = false;
  private readonly postgres: boolean;

  constructor(private readonly deps: SenderDeps) {
    this.postgres = onPostgres(deps.db);
  }

  /** When the mail being written now stops being its writer's (the immediate attempt). */
  leaseFrom(now: Date): string {
    return nowIso(new Date(now.getTime() + this.deps.policy.leaseMs));
  }

  /** Polls for due mails every `intervalMs` (main.ts starts it; writers nudge it after their commit; tests call drain()). */
  start(intervalMs = 10_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  /**
   * Sends every mail due now, one claim at a time. A call while a run is going is answered by
   * one more run after it (shared by every such call), so a mail committed meanwhile is not missed.
   */
  drain(limit = 100): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      this.next ??= this.running.then(() => {
        this.next = null;
        return this.drain(limit);
      });
      return this.next;
    }
    this.running = this.drainSome(limit)
      .catch((err: unknown) => {
        this.deps.log?.error({ err }, 'mail queue run failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.next;
    await this.running;
  }

  /** One attempt at a mail this sender holds (claimed, or just written by this instance). */
  async attempt(mail: MailRow, options: { finalOnFailure?: boolean } = {}): Promise<AttemptOutcome> {
    try {
      if (mail.attach_json) await this.renderAttachments(mail.id, mail.attach_json);
      await this.deps.transport?.sendMail({
        from: this.deps.from,
        to: mail.to_address,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: await q.attachmentsOf(this.deps.db, mail.id),
      });
      await q.markSent(this.deps.db, mail.id, nowIso(this.deps.now()));
      return { sent: true };
    } catch (error) {
      return { sent: false, error, final: await this.recordFailure(mail, error, options.finalOnFailure ?? false) };
    }
  }

  /** Renders the attachments a mail was queued with into mail_attachments, once: a retry sends the same files. */
  private async renderAttachments(mailId: number, attachJson: string): Promise<void> {
    const spec = JSON.parse(attachJson) as { with: string; args: never };
    const render = this.deps.renderers.get(spec.with);
    if (!render) throw new Error(`no attachment renderer "${spec.with}"`);
    await q.replaceAttachments(this.deps.db, mailId, await render(spec.args));
  }

  private async drainSome(limit: number): Promise<number> {
    let sent = 0;
    for (let i = 0; i < limit; i++) {
      const now = this.deps.now();
      const mail = await q.claimDueMail(this.deps.db, { now: nowIso(now), lockedUntil: this.leaseFrom(now), postgres: this.postgres });
      if (!mail) break;
      if ((await this.attempt(mail)).sent) sent++;
    }
    return sent;
  }

  /** Schedules the next attempt, or gives up; true when given up. */
  private async recordFailure(mail: MailRow, error: unknown, giveUp: boolean): Promise<boolean> {
    const { policy, now, db, log } = this.deps;
    const at = now();
    const final = giveUp || mail.attempts >= policy.maxAttempts;
    const next = final ? null : nowIso(new Date(at.getTime() + backoffMs(policy, mail.attempts)));
    await q.markAttemptFailed(db, mail.id, String(error), nowIso(at), next);
    if (final) log?.error({ err: error, mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail given up');
    else log?.warn({ err: error, mailId: mail.id, kind: mail.kind, attempts: mail.attempts, nextAttemptAt: next }, 'mail delivery failed, will retry');
    return final;
  }
}
