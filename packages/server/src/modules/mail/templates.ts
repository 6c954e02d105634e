import type { Lang } from '@heliline/domain';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Account e-mails, in the recipient's language (users.locale). Each has a subject, an HTML
 * body with inline styles only (mail clients drop <style> and external CSS) and a plain-text
 * twin. Every interpolated value is escaped; links appear as a button and as plain text.
 */
const OPERATOR = 'Heliline';

type MailKind = 'verify-email' | 'reset-password' | 'agency-authorised' | 'account-exists';

export interface RenderedMail {
  kind: MailKind;
  subject: string;
  html: string;
  text: string;
}

export interface Layout {
  lang: Lang;
  title: string;
  /** Paragraphs of plain text (escaped here). */
  intro: string[];
  button?: { label: string; url: string };
  /** Paragraphs after the button (escaped here). */
  outro: string[];
}

const FOOTER: Record<Lang, string> = {
  it: `Questa email è stata inviata automaticamente da ${OPERATOR}. Non rispondere a questo messaggio.`,
  en: `This email was sent automatically by ${OPERATOR}. Please do not reply to this message.`,
};

const LINK_HINT: Record<Lang, string> = {
  it: 'Se il pulsante non funziona, copia e incolla questo indirizzo nel browser:',
  en: 'If the button does not work, copy and paste this address into your browser:',
};

/** The shared mail layout (also used by the ticket e-mails). */
export function render({ lang, title, intro, button, outro }: Layout): { html: string; text: string } {
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933;">${escapeHtml(s)}</p>`;
  const buttonHtml = button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:6px;background:#0b5cad;">` +
      `<a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(button.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 8px;font-size:13px;color:#52606d;">${escapeHtml(LINK_HINT[lang])}</p>` +
      `<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${escapeHtml(button.url)}" style="color:#0b5cad;">${escapeHtml(button.url)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f0f4f8;font-family:Arial,Helvetica,sans-serif;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f0f4f8;padding:24px 0;"><tr><td align="center">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;">` +
    `<tr><td style="padding:20px 32px;background:#0b3d6b;border-radius:8px 8px 0 0;font-size:22px;font-weight:bold;color:#ffffff;">${OPERATOR}</td></tr>` +
    `<tr><td style="padding:32px;">` +
    `<h1 style="margin:0 0 20px;font-size:20px;color:#0b3d6b;">${escapeHtml(title)}</h1>` +
    intro.map(p).join('') +
    buttonHtml +
    outro.map(p).join('') +
    `</td></tr>` +
    `<tr><td style="padding:16px 32px;border-top:1px solid #e4e7eb;font-size:12px;color:#7b8794;">${escapeHtml(FOOTER[lang])}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  const text = [
    OPERATOR,
    '',
    title,
    '',
    ...intro.flatMap((s) => [s, '']),
    ...(button ? [`${button.label}: ${button.url}`, ''] : []),
    ...outro.flatMap((s) => [s, '']),
    '--',
    FOOTER[lang],
    '',
  ].join('\n');
  return { html, text };
}

/** An account mail's words; `button` opens its link. */
type Copy = { subject: string; title: string; intro: string[]; button: string; outro: string[] };

const accountMail = (kind: MailKind, lang: Lang, copy: Copy, url: string): RenderedMail => ({
  kind,
  subject: copy.subject,
  ...render({ lang, title: copy.title, intro: copy.intro, button: { label: copy.button, url }, outro: copy.outro }),
});

export interface VerifyEmailParams {
  lang: Lang;
  url: string;
  expiresMinutes: number;
  /** Agencies are told that an administrator still has to unlock the account. */
  agency: boolean;
  /** First name for a user, company name for an agency. */
  name: string;
}

export function verifyEmailMail({ lang, url, expiresMinutes, agency, name }: VerifyEmailParams): RenderedMail {
  const copy: Copy =
    lang === 'en'
      ? {
          subject: `${OPERATOR} - Confirm your email address`,
          title: 'Confirm your email address',
          intro: [`Hello ${name},`, `welcome to ${OPERATOR}! Thank you for signing up. To activate your account, confirm your email address with the button below.`],
          button: 'Confirm email address',
          outro: [
            `The link expires in ${expiresMinutes} minutes. If it has expired, log in and request a new one.`,
            ...(agency ? ['Your agency account will be unlocked only after an administrator confirms it: we will email you when it is.'] : []),
            `If you did not create an account with ${OPERATOR}, ignore this email.`,
          ],
        }
      : {
          subject: `${OPERATOR} - Conferma il tuo indirizzo email`,
          title: 'Conferma il tuo indirizzo email',
          intro: [
            `Ciao ${name},`,
            `benvenuto in ${OPERATOR}! Grazie per la registrazione. Per attivare l'account conferma il tuo indirizzo email con il pulsante qui sotto.`,
          ],
          button: 'Conferma indirizzo email',
          outro: [
            `Il link scade tra ${expiresMinutes} minuti. Se è scaduto, accedi e richiedine uno nuovo.`,
            ...(agency ? ["L'account agenzia sarà sbloccato solo dopo la conferma di un amministratore: ti avviseremo via email."] : []),
            `Se non hai creato un account ${OPERATOR}, ignora questa email.`,
          ],
        };
  return accountMail('verify-email', lang, copy, url);
}

export interface ResetPasswordParams {
  lang: Lang;
  url: string;
  expiresMinutes: number;
  email: string;
}

export function resetPasswordMail({ lang, url, expiresMinutes, email }: ResetPasswordParams): RenderedMail {
  const copy: Copy =
    lang === 'en'
      ? {
          subject: `${OPERATOR} - Reset your password`,
          title: 'Reset your password',
          intro: [`We received a request to reset the password of the ${OPERATOR} account ${email}.`],
          button: 'Reset password',
          outro: [
            `The link expires in ${expiresMinutes} minutes and can be used only once.`,
            'If you did not ask for a password reset, ignore this email: your password stays the same.',
          ],
        }
      : {
          subject: `${OPERATOR} - Reimposta la password`,
          title: 'Reimposta la password',
          intro: [`Abbiamo ricevuto una richiesta di reimpostare la password dell'account ${OPERATOR} ${email}.`],
          button: 'Reimposta password',
          outro: [
            `Il link scade tra ${expiresMinutes} minuti e si può usare una sola volta.`,
            'Se non hai chiesto di reimpostare la password, ignora questa email: la password resta invariata.',
          ],
        };
  return accountMail('reset-password', lang, copy, url);
}

export interface AccountExistsParams {
  lang: Lang;
  email: string;
  loginUrl: string;
  resetUrl: string;
}

/** Sent instead of a sign-up error, so the sign-up form never reveals who has an account. */
export function accountExistsMail({ lang, email, loginUrl, resetUrl }: AccountExistsParams): RenderedMail {
  const copy: Copy =
    lang === 'en'
      ? {
          subject: `${OPERATOR} - You already have an account`,
          title: 'You already have an account',
          intro: [`Someone, probably you, tried to sign up again with ${email}, which already has a ${OPERATOR} account.`],
          button: 'Log in',
          outro: [`Forgot your password? Choose a new one here: ${resetUrl}`, 'If it was not you, ignore this email: nothing has changed.'],
        }
      : {
          subject: `${OPERATOR} - Hai già un account`,
          title: 'Hai già un account',
          intro: [`Qualcuno, probabilmente tu, ha provato a registrarsi di nuovo con ${email}, che ha già un account ${OPERATOR}.`],
          button: 'Accedi',
          outro: [`Password dimenticata? Scegline una nuova qui: ${resetUrl}`, 'Se non sei stato tu, ignora questa email: non è cambiato nulla.'],
        };
  return accountMail('account-exists', lang, copy, loginUrl);
}

export interface AgencyAuthorisedParams {
  lang: Lang;
  loginUrl: string;
  companyName: string;
}

export function agencyAuthorisedMail({ lang, loginUrl, companyName }: AgencyAuthorisedParams): RenderedMail {
  const copy: Copy =
    lang === 'en'
      ? {
          subject: `${OPERATOR} - Your agency account is active`,
          title: 'Your agency account is active',
          intro: [`Hello ${companyName},`, `an administrator has confirmed your agency account: you can now log in and book ${OPERATOR} flights.`],
          button: 'Log in',
          outro: [],
        }
      : {
          subject: `${OPERATOR} - Il tuo account agenzia è attivo`,
          title: 'Il tuo account agenzia è attivo',
          intro: [`Gentile ${companyName},`, `un amministratore ha confermato il tuo account agenzia: ora puoi accedere e prenotare i voli ${OPERATOR}.`],
          button: 'Accedi',
          outro: [],
        };
  return accountMail('agency-authorised', lang, copy, loginUrl);
}
