import { formatMoney, type Lang } from '@heliline/domain';
import { escapeHtml } from '../../../lib/html.ts';
import { romeTime, romeWireDate } from '../../schedule/rome-clock.ts';
import { BANK_NAME, DECLINE_CODES, DECLINE_REASONS, PAGE, TEST_BANNER } from './texts.ts';

/** What the hosted page needs of an order. */
export interface PageOrder {
  id: string;
  merchant: string;
  amount_cents: number;
  description: string;
  expires_at: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f5;color:#1b2430;line-height:1.45}
header{background:#14325c;color:#fff;padding:14px 20px;display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
header .brand{font-size:1.25rem;font-weight:700;letter-spacing:.02em}
header .brand span{display:inline-block;margin-right:8px;padding:2px 8px;border:2px solid #fff;border-radius:6px;font-size:.9rem}
header a{color:#fff}
main{max-width:560px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:24px}
h1{font-size:1.35rem;margin:0 0 12px;color:#14325c}
h2{font-size:1.1rem;margin:20px 0 8px;color:#14325c}
table.refunds{width:100%;border-collapse:collapse;margin:0 0 16px}
table.refunds th,table.refunds td{text-align:left;padding:6px 8px;border-bottom:1px solid #d5dbe1}
.notice{background:#fff6d6;border:1px solid #c9a227;border-radius:6px;padding:10px 12px;margin:0 0 18px;font-size:.95rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 20px}
dt{font-weight:600;color:#3d4b5c}
dd{margin:0;word-break:break-word}
.amount{font-size:1.5rem;font-weight:700;color:#14325c}
fieldset{border:1px solid #b8c2cc;border-radius:8px;padding:12px 16px;margin:0 0 18px}
legend{font-weight:600;padding:0 6px}
label{display:flex;gap:10px;align-items:center;padding:8px 0;cursor:pointer}
input[type=radio]{flex:none;width:20px;height:20px;accent-color:#14325c}
button,.button{display:inline-block;font:inherit;font-weight:600;border-radius:6px;padding:12px 20px;cursor:pointer;text-decoration:none;border:2px solid #14325c}
.primary{background:#14325c;color:#fff}
.secondary{background:#fff;color:#14325c}
.actions{display:flex;gap:12px;flex-wrap:wrap;align-items:center}
button:focus-visible,.button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #e08a00;outline-offset:2px}
.small{font-size:.875rem;color:#3d4b5c;margin-top:18px}
footer{text-align:center;font-size:.8rem;color:#3d4b5c;padding:16px}
.test-bank{background:#8a1c1c;color:#fff;font-weight:700;text-align:center;padding:10px 16px;margin:0 0 16px;border-radius:8px}
.test-bank span{display:block}
`;

/** The page's own language first, the other beside it (marked, so screen readers switch voice). */
function testBanner(lang: Lang): string {
  const other = lang === 'it' ? 'en' : 'it';
  return `<div class="test-bank" role="note"><span>${escapeHtml(TEST_BANNER[lang])}</span><span lang="${other}">${escapeHtml(TEST_BANNER[other])}</span></div>`;
}

function layout(lang: Lang, title: string, body: string, langSwitch?: string): string {
  const other = lang === 'it' ? 'en' : 'it';
  const switcher = langSwitch ? `<a href="${escapeHtml(langSwitch)}" lang="${other}" hreflang="${other}">${PAGE[lang].other}</a>` : '';
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(`${title} – ${BANK_NAME}`)}</title><style>${STYLE}</style></head>` +
    `<body><header><div class="brand"><span aria-hidden="true">SB</span>${BANK_NAME}</div>${switcher}</header>` +
    `<main>${testBanner(lang)}<div class="card">${body}</div></main>` +
    `<footer>${BANK_NAME} · ${escapeHtml(PAGE[lang].secure)}</footer></body></html>`
  );
}

function summary(lang: Lang, order: PageOrder): string {
  const t = PAGE[lang];
  return (
    `<dl><dt>${t.merchant}</dt><dd>${escapeHtml(order.merchant)}</dd>` +
    `<dt>${t.amount}</dt><dd class="amount">${escapeHtml(formatMoney(order.amount_cents, lang))}</dd>` +
    `<dt>${t.description}</dt><dd>${escapeHtml(order.description)}</dd>` +
    `<dt>${t.order}</dt><dd>${escapeHtml(order.id)}</dd></dl>`
  );
}

/** The card page: amount, merchant, description, and the outcomes a tester may choose. */
export function renderPaymentPage(lang: Lang, order: PageOrder, token: string): string {
  const t = PAGE[lang];
  const action = `/sandbox-bank/pay/${encodeURIComponent(order.id)}?lang=${lang}`;
  const choice = (value: string, label: string, checked = false) =>
    `<label><input type="radio" name="choice" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
  const body =
    `<h1>${t.title}</h1>` +
    `<p class="notice" role="note">${escapeHtml(t.sandbox)}</p>` +
    summary(lang, order) +
    `<form method="post" action="${escapeHtml(action)}">` +
    `<input type="hidden" name="_token" value="${escapeHtml(token)}">` +
    `<fieldset><legend>${t.outcome}</legend>` +
    choice('approve', t.approve, true) +
    DECLINE_CODES.map((code) => choice(`decline-${code}`, `${t.declinePrefix}: ${DECLINE_REASONS[code][lang]} (${code})`)).join('') +
    `</fieldset>` +
    `<div class="actions"><button type="submit" class="primary">${t.pay}</button>` +
    `<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${t.cancel}</button></div>` +
    `</form>` +
    `<p class="small">${t.expires} ${romeTime(order.expires_at)}.</p>`;
  return layout(lang, t.title, body, `/sandbox-bank/pay/${encodeURIComponent(order.id)}?lang=${lang === 'it' ? 'en' : 'it'}`);
}

/** A refund as the order's page lists it. */
export interface PageRefund {
  id: string;
  amount_cents: number;
  created_at: string;
}

/** The order's refunds: amount, when, and that the card was credited. */
function refundsTable(lang: Lang, refunds: readonly PageRefund[]): string {
  if (refunds.length === 0) return '';
  const t = PAGE[lang];
  const rows = refunds
    .map(
      (r) =>
        `<tr data-refund-id="${escapeHtml(r.id)}"><td>${escapeHtml(formatMoney(r.amount_cents, lang))}</td>` +
        `<td>${escapeHtml(`${romeWireDate(r.created_at)} ${romeTime(r.created_at)}`)}</td><td>${escapeHtml(t.refundDone)}</td></tr>`,
    )
    .join('');
  return (
    `<h2>${t.refunds}</h2><table class="refunds"><thead><tr><th scope="col">${t.refundAmount}</th><th scope="col">${t.refundDate}</th>` +
    `<th scope="col">${t.refundState}</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

export type MessageView = 'expired' | 'done' | 'notifyFailed' | 'notFound' | 'badToken';

/** A page with one message and, where it helps, a way on (back to the merchant, retry, reload). */
export function renderMessagePage(
  lang: Lang,
  view: MessageView,
  options: { order?: PageOrder; backUrl?: string; retry?: { action: string; token: string }; reloadUrl?: string; refunds?: readonly PageRefund[] } = {},
): string {
  const t = PAGE[lang];
  const actions: string[] = [];
  if (options.retry) {
    actions.push(
      `<form method="post" action="${escapeHtml(options.retry.action)}"><input type="hidden" name="_token" value="${escapeHtml(options.retry.token)}">` +
        `<button type="submit" class="primary">${t.retry}</button></form>`,
    );
  }
  if (options.reloadUrl) actions.push(`<a class="button primary" href="${escapeHtml(options.reloadUrl)}">${t.reload}</a>`);
  if (options.backUrl) actions.push(`<a class="button secondary" href="${escapeHtml(options.backUrl)}">${t.back}</a>`);
  const body =
    `<h1>${t.title}</h1>` +
    (options.order ? summary(lang, options.order) : '') +
    `<p role="status">${escapeHtml(t[view])}</p>` +
    refundsTable(lang, options.refunds ?? []) +
    (actions.length ? `<div class="actions">${actions.join('')}</div>` : '');
  return layout(lang, t.title, body);
}
