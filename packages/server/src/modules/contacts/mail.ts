import { type Lang, MESSAGES } from '@heliline/domain';
import { escapeHtml } from '../../lib/html.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { TContactForm } from './schemas.ts';

/**
 * The mail the company receives for a contact request, in Italian (the operator's office
 * language), with the visitor's data escaped and their language noted. Replies go to the visitor.
 */
export function contactRequestMail(form: TContactForm, visitorLang: Lang, to: string): OutgoingMail {
  const type = form.request_type === 'voli' ? MESSAGES.requestTypeVoli.it : MESSAGES.requestTypeContatto.it;
  const subject = `${MESSAGES.contactMailSubject.it}: ${type} – ${form.firstname} ${form.lastname}`.replace(/[\r\n]+/g, ' ');
  const rows: [string, string][] = [
    ['Nome', form.firstname],
    ['Cognome', form.lastname],
    ['Email', form.email],
    ['Telefono', form.telephone],
    ['Tipo di richiesta', type],
    ['Lingua del visitatore', visitorLang === 'en' ? 'inglese' : 'italiano'],
  ];
  const cell = 'padding:6px 10px;border:1px solid #e4e7eb;font-size:14px;text-align:left;vertical-align:top;';
  const html =
    `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f0f4f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">` +
    `<div style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;">` +
    `<h1 style="margin:0 0 16px;font-size:20px;color:#0b3d6b;">${escapeHtml(subject)}</h1>` +
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px;">` +
    rows.map(([k, v]) => `<tr><th style="${cell}background:#f0f4f8;width:35%;">${escapeHtml(k)}</th><td style="${cell}">${escapeHtml(v)}</td></tr>`).join('') +
    `</table><h2 style="font-size:16px;margin:0 0 8px;">Messaggio</h2>` +
    `<p style="white-space:pre-wrap;margin:0 0 16px;font-size:14px;line-height:1.5;">${escapeHtml(form.message)}</p>` +
    `<p style="font-size:13px;color:#52606d;margin:0;">Per rispondere scrivi a <a href="mailto:${escapeHtml(encodeURIComponent(form.email).replace(/%40/g, '@'))}">${escapeHtml(form.email)}</a>.</p>` +
    `</div></body></html>`;
  const text = [subject, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', 'Messaggio:', form.message, '', `Per rispondere scrivi a ${form.email}.`, ''].join('\n');
  return { to, kind: 'contact-request', subject, html, text, replyTo: form.email };
}
