import { createHash } from 'node:crypto';
import { loadCompanyPage } from '@heliline/content';
import { type Lang, MESSAGES } from '@heliline/domain';
import { escapeHtml } from '../../lib/html.ts';
import { BASE_CSS, type RenderedPage, renderEmbeddedPage } from './embedded-page.ts';
import { RenderCache } from './render-cache.ts';

const CSS =
  BASE_CSS +
  'body{padding:0 4px 8px}article{max-width:860px}h1{font-size:28px;margin:0 0 16px}h2{font-size:19px;margin:24px 0 8px}h3{font-size:17px;margin:20px 0 8px}' +
  'p,ul,ol{margin:0 0 14px}li{margin:4px 0}img{display:block;width:100%;max-width:100%;height:auto;aspect-ratio:16/9;object-fit:contain;margin:8px 0 18px;border-radius:8px}' +
  'blockquote{margin:0 0 14px;padding:8px 16px;border-left:4px solid #4ea8de;background:#f0f7fc}' +
  'table{border-collapse:collapse;margin:0 0 14px}th,td{border:1px solid #cbd2d9;padding:6px 8px;text-align:left}' +
  '.ribbon{position:sticky;top:0;z-index:1;margin:0 0 12px;padding:6px 12px;background:#8a1c1c;color:#fff;font-weight:700;letter-spacing:.08em;text-transform:uppercase;text-align:center}';

export interface CompanyPage extends RenderedPage {
  etag: string;
}

/**
 * A company page (from @heliline/content) as an embeddable HTML document; caches per
 * (lang, page, preview) for the process lifetime.
 */
export class CompanyPages {
  private readonly cache = new RenderCache<CompanyPage>();

  constructor(private readonly contentRoot: string) {}

  /** null when the page id or its file does not exist. */
  get(lang: Lang, page: string, preview: boolean): Promise<CompanyPage | null> {
    return this.cache.get(`${lang}/${page}/${preview ? 1 : 0}`, () => this.render(lang, page, preview));
  }

  private async render(lang: Lang, page: string, preview: boolean): Promise<CompanyPage | null> {
    const content = await loadCompanyPage(this.contentRoot, lang, page);
    if (content === null) return null;
    const ribbon = preview ? `<p class="ribbon" role="note">${escapeHtml(MESSAGES.previewRibbon[lang])}</p>` : '';
    const rendered = renderEmbeddedPage({
      lang,
      title: `${content.heading} – Heliline`,
      css: CSS,
      // Named after the page, so it is not a second unnamed main beside the embedding page's (axe landmark-unique).
      body: `${ribbon}<main aria-label="${escapeHtml(content.heading)}"><article>${content.html}</article></main>`,
      noindex: preview,
    });
    const etag = `"${createHash('sha256').update(rendered.html).digest('base64url').slice(0, 27)}"`;
    return { ...rendered, etag };
  }
}
