import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown (and the HTML it may carry) to safe HTML. Content files are ours, but the output
 * goes into pages and the database, so it passes an allow-list anyway: no scripts, no event
 * handlers, no inline styles, images only from this site (relative URLs).
 */
const marked = new Marked({ gfm: true, async: false });
// Headings get an id from their text, so a company page can be opened at a section (#hash).
marked.use({
  renderer: {
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${headingId(inner)}">${inner}</h${depth}>\n`;
    },
  },
});

/** "2. Dati del volo" → "dati-del-volo" (accents dropped, tags ignored). */
function headingId(html: string): string {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&[a-z0-9#]+;/gi, ' ')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/^[\d.\s]+/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'code',
    'pre',
    'abbr',
    'small',
  ],
  allowedAttributes: {
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images: relative URLs only (our own SVGs), never a hot-linked picture.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? '') ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } } : { tagName, attribs },
  },
};

function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

export function markdownToHtml(markdown: string): string {
  return sanitize(marked.parse(markdown) as string);
}

/** The first level-1 heading's text, or null. */
export function firstHeading(markdown: string): string | null {
  const m = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown);
  return m ? m[1]!.replace(/[*_`]/g, '').trim() : null;
}
