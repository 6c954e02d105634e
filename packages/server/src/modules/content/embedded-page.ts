import type { Lang } from '@heliline/domain';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Self-contained HTML documents that the web app shows in an iframe (company pages, the
 * timetable week grid). They run no JavaScript at all (CSP script-src 'none'): the page that
 * embeds them reads their height itself, being on the same origin (use-frame-height.ts), and a
 * script would cost the frame a JavaScript context of its own on the phone's main thread while
 * the page loads (docs/performance.md, "The company pages' frame without a script"). Their CSP
 * allows inline styles and images and media from this origin.
 */
export interface EmbeddedPage {
  lang: Lang;
  title: string;
  /** Inline stylesheet (the page's whole design). */
  css: string;
  /** Body HTML, already safe (escaped or sanitised by the caller). */
  body: string;
  noindex?: boolean;
}

export interface RenderedPage {
  html: string;
  csp: string;
}

export function renderEmbeddedPage(page: EmbeddedPage): RenderedPage {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "script-src 'none'",
    "frame-ancestors 'self'",
    "form-action 'none'",
  ].join('; ');
  const html =
    `<!doctype html><html lang="${page.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    (page.noindex ? `<meta name="robots" content="noindex, nofollow">` : '') +
    // Links inside the frame open in the page that embeds it, not inside the frame.
    `<base target="_top"><title>${escapeHtml(page.title)}</title><style>${page.css}</style></head>` +
    `<body>${page.body}</body></html>`;
  return { html, csp };
}

/** Sends an embedded page with its own CSP (replacing the app-wide one) and cache headers. */
export function sendEmbeddedPage(reply: FastifyReply, page: RenderedPage, cacheControl: string) {
  return reply.header('content-security-policy', page.csp).header('cache-control', cacheControl).type('text/html; charset=utf-8').send(page.html);
}

/** Shared look of the embedded pages (system fonts, the site's blue, readable sizes). */
export const BASE_CSS =
  ':root{color-scheme:light}*{box-sizing:border-box}' +
  'body{margin:0;padding:16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:16px;line-height:1.55;color:#1f2933;background:#fff}' +
  'h1,h2,h3{color:#0b3d6b;line-height:1.25}a{color:#0b5cad}a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}';
