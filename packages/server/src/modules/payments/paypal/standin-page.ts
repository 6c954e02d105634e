import type { Lang } from '@heliline/domain';
import { escapeHtml } from '../../../lib/html.ts';
import type { StandInOrder } from './standin-state.ts';

const TEXTS = {
  it: {
    title: 'Paga con PayPal',
    notice: 'Ambiente di prova: nessun addebito reale. Scegli come deve andare il pagamento.',
    merchant: 'Esercente',
    amount: 'Importo',
    description: 'Descrizione',
    order: 'Ordine',
    approve: 'Approva e paga',
    decline: 'Approva con una carta che verrà rifiutata',
    cancel: 'Annulla e torna al sito',
    other: 'English',
    done: 'Questo ordine non è più da approvare.',
    notFound: 'Ordine non trovato.',
  },
  en: {
    title: 'Pay with PayPal',
    notice: 'Test environment: nothing is really charged. Choose how the payment should go.',
    merchant: 'Merchant',
    amount: 'Amount',
    description: 'Description',
    order: 'Order',
    approve: 'Approve and pay',
    decline: 'Approve with a card that will be declined',
    cancel: 'Cancel and return to the site',
    other: 'Italiano',
    done: 'This order no longer needs approval.',
    notFound: 'Order not found.',
  },
} as const;

const STYLE =
  'body{margin:0;font-family:system-ui,Arial,sans-serif;background:#f5f7fa;color:#1b2430;line-height:1.45}' +
  'header{background:#003087;color:#fff;padding:14px 20px;display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}' +
  'header a{color:#fff}main{max-width:520px;margin:24px auto;padding:0 16px}' +
  '.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:24px}h1{font-size:1.35rem;margin:0 0 12px;color:#003087}' +
  '.notice{background:#fff6d6;border:1px solid #c9a227;border-radius:6px;padding:10px 12px}' +
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}dt{font-weight:600}dd{margin:0;word-break:break-word}' +
  '.actions{display:flex;flex-direction:column;gap:12px}button{font:inherit;font-weight:600;border-radius:24px;padding:12px 20px;min-height:44px;cursor:pointer;border:2px solid #003087}' +
  '.primary{background:#ffc439;color:#111;border-color:#ffc439}.secondary{background:#fff;color:#003087}' +
  'button:focus-visible,a:focus-visible{outline:3px solid #e08a00;outline-offset:2px}';

function layout(lang: Lang, body: string, switchUrl?: string): string {
  const t = TEXTS[lang];
  const other = lang === 'it' ? 'en' : 'it';
  const switcher = switchUrl ? `<a href="${escapeHtml(switchUrl)}" lang="${other}" hreflang="${other}">${t.other}</a>` : '';
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${t.title} – PayPal (stand-in)</title><style>${STYLE}</style></head>` +
    `<body><header><div>PayPal (stand-in)</div>${switcher}</header><main><div class="card">${body}</div></main></body></html>`
  );
}

/** The hosted approve page: approve, approve with a card declined at capture, or cancel. */
export function renderApprovePage(lang: Lang, order: StandInOrder, action: string, pageUrl: (lang: Lang) => string): string {
  const t = TEXTS[lang];
  const amount = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'it-IT', { style: 'currency', currency: 'EUR' }).format(Number(order.value));
  const button = (choice: string, label: string, cls: string) => `<button type="submit" name="choice" value="${choice}" class="${cls}">${escapeHtml(label)}</button>`;
  const body =
    `<h1>${t.title}</h1><p class="notice" role="note">${t.notice}</p>` +
    `<dl><dt>${t.merchant}</dt><dd>Heliline</dd><dt>${t.amount}</dt><dd>${escapeHtml(amount)}</dd>` +
    `<dt>${t.description}</dt><dd>${escapeHtml(order.description)}</dd><dt>${t.order}</dt><dd>${escapeHtml(order.id)}</dd></dl>` +
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(order.id)}"><div class="actions">` +
    button('approve', t.approve, 'primary') +
    button('decline-instrument', t.decline, 'secondary') +
    button('cancel', t.cancel, 'secondary') +
    `</div></form>`;
  return layout(lang, body, pageUrl(lang === 'it' ? 'en' : 'it'));
}

export function renderStandInMessage(lang: Lang, view: 'done' | 'notFound'): string {
  return layout(lang, `<h1>${TEXTS[lang].title}</h1><p role="status">${TEXTS[lang][view]}</p>`);
}
