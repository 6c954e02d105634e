import { CONTACT_FIELDS, isMessageKey, type Lang, type MessageKey } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Captcha } from './captcha.ts';
import { contactRequestMail } from './mail.ts';
import * as q from './queries.ts';
import { type TContactForm, ZContactForm } from './schemas.ts';

export interface ContactRequestInput {
  lang: Lang;
  form: unknown;
  captcha: unknown;
  ip: string | null;
}

interface Deps {
  db: Db;
  transactions: Transactions;
  config: Pick<Config, 'contactEmail' | 'flightAssistanceEmail'>;
  mailer: Mailer;
  captcha: Captcha;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

/**
 * A contact request: form checked first (422 AllFieldsMandatory / EmailInvalid), then the
 * captcha (422 with a captcha message; nothing stored, no mail), then in one transaction the
 * challenge is spent and the request stored; the office mail goes out through the outbox.
 */
export class ContactsService {
  constructor(private readonly deps: Deps) {}

  private now() {
    return (this.deps.clock ?? (() => new Date()))();
  }

  /** Routes voli to the flight-assistance desk, contatto to the company address. */
  recipientFor(form: Pick<TContactForm, 'request_type'>): string {
    return form.request_type === 'voli' ? this.deps.config.flightAssistanceEmail : this.deps.config.contactEmail;
  }

  async submit(input: ContactRequestInput): Promise<{ id: number; mailId: number | null }> {
    const form = parseForm(input.form);
    const captcha = await this.deps.captcha.verify(input.captcha);
    if (!captcha.ok) throw new AppError('validation', captcha.reason, { captcha: [captcha.reason] });

    const now = this.now().toISOString();
    const to = this.recipientFor(form);
    // The request and its mail together; a delivery failure stays in the outbox, not shown to the visitor.
    const stored = await this.deps.transactions.run(async (trx) => {
      if (!(await q.spendCaptcha(trx, captcha.signature, captcha.expiresAt.toISOString(), now))) {
        throw new AppError('validation', 'captchaReused', { captcha: ['captchaReused'] });
      }
      const id = await q.insertContactRequest(trx, { ...form, lang: input.lang, recipient: to, ip: input.ip, mail_id: null, created_at: now });
      const mailId = await this.deps.mailer.enqueue(trx, contactRequestMail(form, input.lang, to));
      await q.setContactMail(trx, id, mailId);
      return { id, mailId };
    });
    await q.pruneCaptchaUses(this.deps.db, now);
    return stored;
  }
}

/**
 * Strict check of the form. Any missing or empty field → AllFieldsMandatory (the spec's one
 * warning), listed per field; otherwise the first other rule that fails is the message.
 */
function parseForm(raw: unknown): TContactForm {
  const parsed = ZContactForm.safeParse(raw !== null && typeof raw === 'object' ? raw : {});
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, MessageKey[]> = {};
  for (const issue of parsed.error.issues) {
    const key = isMessageKey(issue.message) ? issue.message : 'invalidValue';
    (fieldErrors[String(issue.path[0] ?? 'form')] ??= []).push(key);
  }
  const missing = CONTACT_FIELDS.some((f) => fieldErrors[f]?.includes('allFieldsMandatory'));
  throw new AppError('validation', missing ? 'allFieldsMandatory' : Object.values(fieldErrors)[0]![0]!, fieldErrors);
}
