import { formatMoney, type Lang } from '@heliline/domain';
import { escapeHtml } from '../../../lib/html.ts';
import type { StandInOrder } from './standin-state.ts';

/** Decline codes a tester can pick on the stand-in page (XPay's codiceEsito). */
export const STANDIN_DECLINES = ['103', '116', '401', '405', '112'] as const;

const TEXTS = {
  it: {
    title: 'XPay – pagina di pagamento (stand-in)',
    notice: 'Stand-in di prova di Nexi XPay: nessuna carta, nessun addebito reale. Scegli come deve andare il pagamento.',
    merchant: 'Esercente',
    amount: 'Importo',
    description: 'Descrizione',
    order: 'Codice transazione',
    outcome: 'Esito',
    approve: 'Autorizza',
    decline: 'Rifiuta con codice',
    pay: 'Paga',
    cancel: 'Annulla',
    done: 'Questa transazione è già stata elaborata.',
    invalid: 'Richiesta non valida',
  },
  en: {
    title: 'XPay – payment page (stand-in)',
    notice: 'Test stand-in of Nexi XPay: no card, nothing really charged. Choose how the payment should go.',
    merchant: 'Merchant',
    amount: 'Amount',
    description: 'Description',
    order: 'Transaction code',
    outcome: 'Outcome',
    approve: 'Authorise',
    decline: 'Decline with code',
    pay: 'Pay',
    cancel: 'Cancel',
    done: 'This transaction has already been processed.',
    invalid: 'Invalid request',
  },
} as const;

const STYLE =
  'body{margin:0;font-family:system-ui,Arial,sans-serif;background:#f3f5f8;color:#1b2430;line-height:1.45}' +
  'header{background:#2d32aa;color:#fff;padding:14px 20px;font-weight:700}main{max-width:540px;margin:24px auto;padding:0 16px}' +
  '.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:24px}h1{font-size:1.3rem;margin:0 0 12px}' +
  '.notice{background:#fff6d6;border:1px solid #c9a227;border-radius:6px;padding:10px 12px}' +
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}dt{font-weight:600}dd{margin:0;word-break:break-word}' +
  'fieldset{border:1px solid #b8c2cc;border-radius:8px;margin:0 0 16px}label{display:flex;gap:10px;align-items:center;padding:6px 0}' +
  'input[type=radio]{flex:none;width:20px;height:20px}.actions{display:flex;gap:12px;flex-wrap:wrap}' +
  'button{font:inherit;font-weight:600;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer;border:2px solid #2d32aa}' +
  '.primary{background:#2d32aa;color:#fff}.secondary{background:#fff;color:#2d32aa}button:focus-visible{outline:3px solid #e08a00;outline-offset:2px}';

export const standInLang = (languageId: string | undefined): Lang => (languageId === 'ENG' ? 'en' : 'it');

function layout(lang: Lang, body: string): string {
  const t = TEXTS[lang];
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${t.title}</title><style>${STYLE}</style></head>` +
    `<body><header>Nexi XPay (stand-in)</header><main><div class="card">${body}</div></main></body></html>`
  );
}

/** The hosted page: approve, decline with a chosen codiceEsito, or cancel. */
export function renderCheckoutPage(order: StandInOrder, action: string, declineText: (code: string, lang: Lang) => string): string {
  const lang = standInLang(order.languageId);
  const t = TEXTS[lang];
  const radio = (value: string, label: string, checked = false) =>
    `<label><input type="radio" name="choice" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
  const body =
    `<h1>${t.title}</h1><p class="notice" role="note">${t.notice}</p>` +
    `<dl><dt>${t.merchant}</dt><dd>Heliline</dd><dt>${t.amount}</dt><dd>${escapeHtml(formatMoney(order.importo, lang))}</dd>` +
    `<dt>${t.description}</dt><dd>${escapeHtml(order.descrizione)}</dd><dt>${t.order}</dt><dd>${escapeHtml(order.codTrans)}</dd></dl>` +
    `<form method="post" action="${escapeHtml(action)}"><fieldset><legend>${t.outcome}</legend>` +
    radio('approve', t.approve, true) +
    STANDIN_DECLINES.map((code) => radio(`decline-${code}`, `${t.decline} ${code}: ${declineText(code, lang)}`)).join('') +
    `</fieldset><div class="actions"><button type="submit" class="primary">${t.pay}</button>` +
    `<button type="submit" name="action" value="cancel" class="secondary">${t.cancel}</button></div></form>`;
  return layout(lang, body);
}

export function renderStandInMessage(lang: Lang, view: 'done' | 'invalid', detail = ''): string {
  const t = TEXTS[lang];
  return layout(lang, `<h1>${t.title}</h1><p role="status">${escapeHtml(t[view])}${detail ? ` – ${escapeHtml(detail)}` : ''}</p>`);
}
