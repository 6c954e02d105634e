import { type Lang, MESSAGES } from '@heliline/domain';
import { escapeHtml } from '../../../lib/html.ts';

const STYLE =
  'body{margin:0;font-family:system-ui,Arial,sans-serif;background:#f0f4f8;color:#1f2933;line-height:1.5}' +
  'main{max-width:560px;margin:40px auto;padding:24px;background:#fff;border-radius:8px}' +
  'h1{font-size:1.4rem;color:#0b3d6b;margin:0 0 12px}a{color:#0b5cad}a:focus-visible{outline:3px solid #e08a00;outline-offset:2px}' +
  'nav{margin-top:16px}nav a{display:inline-block;min-height:24px;padding:4px 0}';

/** The page a payment link shows when it can no longer be paid (expired, paid, cancelled) or is unknown, in it or en. */
export function linkPage(lang: Lang, kind: 'expired' | 'unknown'): string {
  const title = MESSAGES[kind === 'expired' ? 'paymentLinkExpiredTitle' : 'paymentLinkUnknownTitle'][lang];
  const text = MESSAGES.paymentLinkExpiredText[lang];
  const other: Lang = lang === 'it' ? 'en' : 'it';
  const otherLabel = other === 'en' ? 'English' : 'Italiano';
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} – Heliline</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
    `<nav><a href="?lang=${other}" lang="${other}" hreflang="${other}">${otherLabel}</a> · <a href="/">Heliline</a></nav>` +
    `</main></body></html>`
  );
}
