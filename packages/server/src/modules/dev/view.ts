import { dayjs, type Lang, OPERATOR_TZ } from '@heliline/domain';
import type { MailRow } from '../../db/schema.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Server-rendered pages of the developer mailbox. Plain HTML, no script; every value from
 * the database is escaped, and a message's own HTML is shown only inside a sandboxed iframe.
 */

/** Every http(s) URL in a text, in order of appearance, once each; trailing punctuation dropped. */
export function findLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?)\]}]+$/, '')))];
}

export type DeliveryStatus = 'outbox' | 'delivered' | 'failed' | 'retrying' | 'pending';

/** A failed attempt is not a failed mail: the queue tries again until it gives up (failed_at). */
export function deliveryStatus(mail: Pick<MailRow, 'transport' | 'sent_at' | 'error' | 'failed_at'>): DeliveryStatus {
  if (mail.failed_at) return 'failed';
  if (mail.transport === 'outbox') return 'outbox';
  if (mail.sent_at) return 'delivered';
  return mail.error ? 'retrying' : 'pending';
}

const LABELS = {
  it: {
    title: 'Casella di posta per sviluppatori',
    intro: "Le email scritte dall'applicazione nella tabella mail_outbox, dalla più recente (ultime 100). Non disponibile in produzione.",
    filterLabel: 'Destinatario',
    filter: 'Filtra',
    showAll: 'Mostra tutte',
    caption: (n: number, to?: string) => `${n} email${to ? ` per ${to}` : ''}`,
    empty: 'Nessuna email.',
    time: 'Data e ora',
    to: 'A',
    subject: 'Oggetto',
    kind: 'Tipo',
    transport: 'Trasporto',
    status: 'Stato',
    sentAt: 'Inviata alle',
    error: 'Errore',
    statuses: {
      outbox: 'in outbox (non inviata)',
      delivered: 'consegnata al server SMTP',
      failed: 'non riuscita',
      retrying: 'in attesa di un nuovo tentativo',
      pending: 'in attesa',
    },
    back: 'Torna alla casella',
    htmlBody: 'Corpo HTML',
    htmlFrame: "Anteprima dell'email (HTML, senza script)",
    textBody: 'Corpo testo',
    links: 'Link nel testo',
    notFound: 'Email non trovata',
    notFoundText: 'Non esiste una email con questo numero.',
    message: 'Email',
    attachments: 'Allegati',
  },
  en: {
    title: 'Developer mailbox',
    intro: 'Mail the app wrote to the mail_outbox table, newest first (last 100). Not available in production.',
    filterLabel: 'Recipient',
    filter: 'Filter',
    showAll: 'Show all',
    caption: (n: number, to?: string) => `${n} message${n === 1 ? '' : 's'}${to ? ` to ${to}` : ''}`,
    empty: 'No mail.',
    time: 'Time',
    to: 'To',
    subject: 'Subject',
    kind: 'Kind',
    transport: 'Transport',
    status: 'Status',
    sentAt: 'Sent at',
    error: 'Error',
    statuses: { outbox: 'kept in outbox (not sent)', delivered: 'handed to the SMTP server', failed: 'failed', retrying: 'waiting to be retried', pending: 'pending' },
    back: 'Back to the mailbox',
    htmlBody: 'HTML body',
    htmlFrame: 'Preview of the e-mail (HTML, scripts disabled)',
    textBody: 'Text body',
    links: 'Links in the text',
    notFound: 'Message not found',
    notFoundText: 'There is no message with this number.',
    message: 'Message',
    attachments: 'Attachments',
  },
} as const;

const STYLE = `
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2933;background:#f5f7fa}
header{background:#0b3d6b;color:#fff;padding:12px 24px;font-weight:bold}
main{max-width:1100px;margin:0 auto;padding:16px 24px 48px}
a{color:#0b5cad}
form{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:16px 0}
input{font:inherit;padding:4px 8px;min-width:18rem}
button{font:inherit;padding:4px 12px}
table{border-collapse:collapse;width:100%;background:#fff}
caption{text-align:left;font-weight:bold;padding:8px 0}
th,td{border:1px solid #d9e2ec;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#e4e7eb}
.failed{color:#a61b1b;font-weight:bold}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px;border:1px solid #d9e2ec}
dt{font-weight:bold}dd{margin:0;word-break:break-all}
iframe{width:100%;height:520px;border:1px solid #d9e2ec;background:#fff}
pre{white-space:pre-wrap;word-break:break-all;background:#fff;border:1px solid #d9e2ec;padding:12px}
`;

function page(lang: Lang, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} – Heliline</title><style>${STYLE}</style></head>` +
    `<body><header>Heliline · ${escapeHtml(LABELS[lang].title)}</header><main>${body}</main></body></html>`
  );
}

const romeTime = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(dayjs(iso).tz(OPERATOR_TZ).format('DD/MM/YYYY HH:mm:ss'))}</time>`;

function statusCell(lang: Lang, mail: MailRow): string {
  const status = deliveryStatus(mail);
  const text = escapeHtml(LABELS[lang].statuses[status]);
  return status === 'failed' ? `<span class="failed">${text}</span>` : text;
}

export function renderMailbox(lang: Lang, mails: MailRow[], to?: string): string {
  const l = LABELS[lang];
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${romeTime(m.created_at)}</td><td>${escapeHtml(m.to_address)}</td>` +
        `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject || '—')}</a></td>` +
        `<td>${escapeHtml(m.kind)}</td><td>${escapeHtml(m.transport)}</td><td>${statusCell(lang, m)}</td></tr>`,
    )
    .join('');
  const table = mails.length
    ? `<table><caption>${escapeHtml(l.caption(mails.length, to))}</caption><thead><tr>` +
      [l.time, l.to, l.subject, l.kind, l.transport, l.status].map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('') +
      `</tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${escapeHtml(l.empty)}</p>`;
  return page(
    lang,
    l.title,
    `<h1>${escapeHtml(l.title)}</h1><p>${escapeHtml(l.intro)}</p>` +
      `<form method="get" action="/dev/mailbox" role="search"><label for="to">${escapeHtml(l.filterLabel)}</label>` +
      `<input id="to" name="to" type="search" inputmode="email" autocomplete="off" value="${escapeHtml(to ?? '')}">` +
      `<button type="submit">${escapeHtml(l.filter)}</button>${to ? ` <a href="/dev/mailbox">${escapeHtml(l.showAll)}</a>` : ''}</form>` +
      table,
  );
}

export function renderMail(lang: Lang, mail: MailRow, attachments: { filename: string; size: number }[] = []): string {
  const l = LABELS[lang];
  const field = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`;
  const links = findLinks(mail.text);
  return page(
    lang,
    `${mail.subject} · ${l.message} ${mail.id}`,
    `<p><a href="/dev/mailbox">← ${escapeHtml(l.back)}</a></p>` +
      `<h1>${escapeHtml(mail.subject || '—')}</h1>` +
      `<dl>` +
      field(l.to, escapeHtml(mail.to_address)) +
      field(l.subject, escapeHtml(mail.subject)) +
      field(l.kind, escapeHtml(mail.kind)) +
      field(l.time, romeTime(mail.created_at)) +
      field(l.transport, escapeHtml(mail.transport)) +
      field(l.status, statusCell(lang, mail)) +
      (mail.sent_at && mail.transport !== 'outbox' ? field(l.sentAt, romeTime(mail.sent_at)) : '') +
      (mail.error ? field(l.error, escapeHtml(mail.error)) : '') +
      `</dl>` +
      (links.length ? `<h2>${escapeHtml(l.links)}</h2><ul>${links.map((u) => `<li><a href="${escapeHtml(u)}">${escapeHtml(u)}</a></li>`).join('')}</ul>` : '') +
      (attachments.length
        ? `<h2>${escapeHtml(l.attachments)}</h2><ul>${attachments.map((a) => `<li>${escapeHtml(a.filename)} (${Math.ceil(a.size / 1024)} KB)</li>`).join('')}</ul>`
        : '') +
      `<h2>${escapeHtml(l.htmlBody)}</h2>` +
      `<iframe sandbox="" srcdoc="${escapeHtml(mail.html)}" title="${escapeHtml(l.htmlFrame)}"></iframe>` +
      `<h2>${escapeHtml(l.textBody)}</h2><pre>${escapeHtml(mail.text)}</pre>`,
  );
}

export function renderNotFound(lang: Lang): string {
  const l = LABELS[lang];
  return page(lang, l.notFound, `<p><a href="/dev/mailbox">← ${escapeHtml(l.back)}</a></p><h1>${escapeHtml(l.notFound)}</h1><p>${escapeHtml(l.notFoundText)}</p>`);
}
