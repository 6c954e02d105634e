import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@heliline/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/lib/crypto.ts';
import { escapeHtml } from '../src/lib/html.ts';
import { accountExistsMail, agencyAuthorisedMail, resetPasswordMail, verifyEmailMail } from '../src/modules/mail/templates.ts';
import { IpClient, lastMailTo, linkIn, pathOf, userSignup } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

describe('mail templates', () => {
  const url = 'https://heliline.example/email/verify/7/abc?expires=1&signature=x';

  it('render both languages with operator, button, plain link and expiry', () => {
    for (const lang of ['it', 'en'] as const) {
      const mails = [
        verifyEmailMail({ lang, url, expiresMinutes: 60, agency: false, name: 'Maria' }),
        resetPasswordMail({ lang, url, expiresMinutes: 60, email: 'maria@example.com' }),
        agencyAuthorisedMail({ lang, loginUrl: url, companyName: 'Viaggi Srl' }),
      ];
      for (const mail of mails) {
        expect(mail.subject).toMatch(/^Heliline - /);
        expect(mail.html).toContain(`<html lang="${lang}">`);
        expect(mail.html).toContain('Heliline');
        // as a button and as visible text
        expect(mail.html.split(`href="${escapeHtml(url)}"`)).toHaveLength(3);
        expect(mail.html).toContain(`>${escapeHtml(url)}</a>`);
        expect(mail.text).toContain(url);
        expect(mail.text).toContain('Heliline');
        expect(mail.html).not.toMatch(/<style|<link /);
      }
      const expiry = lang === 'it' ? 'scade tra 60 minuti' : 'expires in 60 minutes';
      expect(mails[0]!.text).toContain(expiry);
      expect(mails[1]!.text).toContain(expiry);
    }
    expect(verifyEmailMail({ lang: 'it', url, expiresMinutes: 60, agency: false, name: 'M' }).subject).toBe('Heliline - Conferma il tuo indirizzo email');
    expect(resetPasswordMail({ lang: 'it', url, expiresMinutes: 60, email: 'm@x.it' }).subject).toBe('Heliline - Reimposta la password');
    expect(agencyAuthorisedMail({ lang: 'it', loginUrl: url, companyName: 'X' }).subject).toBe('Heliline - Il tuo account agenzia è attivo');
  });

  it('mention administrator confirmation only for agencies', () => {
    const user = verifyEmailMail({ lang: 'it', url, expiresMinutes: 60, agency: false, name: 'Maria' });
    const agency = verifyEmailMail({ lang: 'it', url, expiresMinutes: 60, agency: true, name: 'Viaggi Srl' });
    expect(user.text).not.toContain('amministratore');
    expect(agency.text).toContain("L'account agenzia sarà sbloccato solo dopo la conferma di un amministratore");
  });

  it('tell the owner of an address that someone tried to sign up with it, with login and reset links', () => {
    for (const lang of ['it', 'en'] as const) {
      const mail = accountExistsMail({ lang, email: 'owner@x.it', loginUrl: 'https://h.example/login', resetUrl: 'https://h.example/password/reset' });
      expect(mail.kind).toBe('account-exists');
      expect(mail.text).toContain('owner@x.it');
      expect(mail.text).toContain('https://h.example/login');
      expect(mail.text).toContain('https://h.example/password/reset');
      expect(mail.subject).toBe(lang === 'en' ? 'Heliline - You already have an account' : 'Heliline - Hai già un account');
    }
  });

  it('escape interpolated values in HTML', () => {
    const mail = verifyEmailMail({ lang: 'en', url: 'https://x.example/?a=1&b="2"', expiresMinutes: 60, agency: false, name: '<img src=x onerror=alert(1)>' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });
});

describe('SMTP delivery', async () => {
  const received: { rcpt: string[]; from: string; mail: ParsedMail }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            rcpt: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const { app, db, config } = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });

  it('delivers the verification e-mail of a sign-up to a real SMTP server', async () => {
    const payload = userSignup({ email: 'smtp.recipient@example.com', firstname: 'Giulia' });
    const res = await new IpClient(app, 'en').post('/api/auth/register', payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.registered.en);

    // Queued with the account; the sender, woken by the commit, delivers it.
    await vi.waitFor(() => expect(received).toHaveLength(1));
    const { rcpt, from, mail } = received[0]!;
    expect(rcpt).toEqual(['smtp.recipient@example.com']);
    expect(from).toBe('noreply@heliline.test');
    expect(mail.subject).toBe('Heliline - Confirm your email address');
    expect(mail.text).toContain('Hello Giulia,');

    const user = await db.selectFrom('users').select('id').where('email', '=', 'smtp.recipient@example.com').executeTakeFirstOrThrow();
    const link = linkIn(mail.text ?? '', config.appUrl);
    expect(link).toMatch(
      new RegExp(`^${config.appUrl.replace(/[.]/g, '\\.')}/email/verify/${user.id}/${sha256('smtp.recipient@example.com')}\\?expires=\\d+&signature=[\\w-]+$`),
    );
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    // the outbox row is the audit trail of what was delivered
    const row = await lastMailTo(db, 'smtp.recipient@example.com');
    expect(row).toMatchObject({ transport: 'smtp', kind: 'verify-email', error: null });
    expect(row.sent_at).not.toBeNull();

    // and the delivered link works
    const verify = await app.inject(pathOf(link));
    expect(verify.headers.location).toBe('/login?verified=1');
  });

  it('sends a reply-to address when the mail has one (contact requests answer the visitor)', async () => {
    await app.mailer.send({ to: 'office@example.com', kind: 'test', subject: 'Reply test', html: '<p>x</p>', text: 'x', replyTo: 'visitor@example.com' });
    const got = received.find((r) => r.mail.subject === 'Reply test');
    expect(got?.mail.replyTo?.text).toBe('visitor@example.com');
  });
});
