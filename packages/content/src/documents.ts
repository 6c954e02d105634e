import { isDocumentSlug, type Lang, MESSAGES } from '@heliline/domain';
import { type Token, type Tokens, Lexer } from 'marked';
import PDFDocument from 'pdfkit';
import { readContentFile } from './content-root.ts';
import { firstHeading } from './markdown.ts';

/**
 * Travel documents as PDFs, generated with pdfkit from content/documents/{lang}/{slug}.md:
 * title, headings, paragraphs, lists (bold/italic runs kept), a header with the operator's name
 * on every page and "Page n / N" at the foot.
 */

const OPERATOR = 'Heliline';
const NAVY = '#0b2545';
const TEXT = '#1f2933';
const MARGIN = 56;
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', boldItalic: 'Helvetica-BoldOblique' };

/** The standard PDF fonts speak WinAnsi only: spell out the few symbols our texts use. */
const SUBSTITUTES: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '⇄': '<->',
  '↔': '<->',
  '≥': '>=',
  '≤': '<=',
  '✓': 'v',
  '☐': '[ ]',
  '□': '[ ]',
  '\u2009': ' ',
  '\u202f': ' ',
};
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (SUBSTITUTES[ch] !== undefined) out += SUBSTITUTES[ch];
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || ch === '\n' || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

/** Inline Markdown tokens to styled runs of plain text. */
function runs(tokens: Token[] | undefined, bold = false, italic = false): Run[] {
  const out: Run[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...runs((t as Tokens.Strong).tokens, true, italic));
        break;
      case 'em':
        out.push(...runs((t as Tokens.Em).tokens, bold, true));
        break;
      case 'link': {
        const link = t as Tokens.Link;
        out.push(...runs(link.tokens, bold, italic));
        break;
      }
      case 'br':
        out.push({ text: '\n', bold, italic });
        break;
      case 'text': {
        const text = t as Tokens.Text;
        if (text.tokens?.length) out.push(...runs(text.tokens, bold, italic));
        else out.push({ text: decodeEntities(text.text), bold, italic });
        break;
      }
      case 'codespan':
        out.push({ text: decodeEntities((t as Tokens.Codespan).text), bold, italic });
        break;
      case 'escape':
        out.push({ text: (t as Tokens.Escape).text, bold, italic });
        break;
      case 'html':
        break; // inline HTML carries no text we print
      default:
        if ('text' in t && typeof t.text === 'string') out.push({ text: decodeEntities(t.text), bold, italic });
    }
  }
  return out;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const fontOf = (r: Run) => (r.bold ? (r.italic ? FONT.boldItalic : FONT.bold) : r.italic ? FONT.italic : FONT.regular);

export interface RenderOptions {
  /** false in tests, so the page text can be read in the file. */
  compress?: boolean;
}

/** Renders one document's Markdown to a PDF. */
export async function markdownToPdf(markdown: string, lang: Lang, options: RenderOptions = {}): Promise<Buffer> {
  const title = firstHeading(markdown) ?? OPERATOR;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + 24, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    lang,
    displayTitle: true,
    info: { Title: title, Author: OPERATOR, Subject: title, Creator: OPERATOR },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = () => doc.page.width - MARGIN * 2;
  const header = () => {
    const { x, y } = doc;
    doc
      .save()
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(NAVY)
      .text(OPERATOR, MARGIN, MARGIN - 14, { lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor('#52606d')
      .text(toWinAnsi(title), MARGIN + 90, MARGIN - 12, { width: width() - 90, align: 'right', lineBreak: false, ellipsis: true });
    doc
      .moveTo(MARGIN, MARGIN + 4)
      .lineTo(doc.page.width - MARGIN, MARGIN + 4)
      .lineWidth(0.8)
      .strokeColor('#4ea8de')
      .stroke()
      .restore();
    doc.x = x;
    doc.y = y;
  };
  header();
  doc.on('pageAdded', header);

  const writeRuns = (list: Run[], size: number, opts: { x?: number; width?: number; gapAfter?: number; color?: string } = {}) => {
    const cleaned = list.map((r) => ({ ...r, text: toWinAnsi(r.text) })).filter((r) => r.text.length > 0);
    if (cleaned.length === 0) return;
    const x = opts.x ?? MARGIN;
    doc.fontSize(size).fillColor(opts.color ?? TEXT);
    cleaned.forEach((r, i) => {
      const last = i === cleaned.length - 1;
      doc.font(fontOf(r));
      if (i === 0) doc.text(r.text, x, doc.y, { width: opts.width ?? width() - (x - MARGIN), continued: !last, lineGap: 2 });
      else doc.text(r.text, { continued: !last, lineGap: 2 });
    });
    doc.moveDown(opts.gapAfter ?? 0.6);
  };

  const block = (t: Token, indent = 0) => {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        const size = h.depth === 1 ? 20 : h.depth === 2 ? 15 : 12.5;
        if (h.depth > 1) doc.moveDown(0.4);
        writeRuns(
          runs(h.tokens).map((r) => ({ ...r, bold: true })),
          size,
          { color: NAVY, gapAfter: h.depth === 1 ? 0.8 : 0.4 },
        );
        break;
      }
      case 'paragraph':
        writeRuns(runs((t as Tokens.Paragraph).tokens), 10.5, { x: MARGIN + indent });
        break;
      case 'text':
        writeRuns(runs([t]), 10.5, { x: MARGIN + indent });
        break;
      case 'list': {
        const list = t as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        list.items.forEach((item, i) => {
          const marker = list.ordered ? `${start + i}.` : '•';
          const [first, ...rest] = item.tokens;
          const inline = first && (first.type === 'text' || first.type === 'paragraph') ? runs((first as Tokens.Text).tokens ?? [first]) : [];
          // Hanging indent: the marker sits left of the item's text, wrapped lines align with the text.
          const markerX = MARGIN + indent + 12;
          const y = doc.y;
          doc.font(FONT.regular).fontSize(10.5).fillColor(TEXT).text(marker, markerX, y, { lineBreak: false });
          doc.y = y;
          writeRuns(inline, 10.5, { x: markerX + (list.ordered ? 18 : 12), gapAfter: 0.25 });
          for (const sub of first && inline.length ? rest : item.tokens) block(sub, indent + 24);
        });
        doc.moveDown(0.35);
        break;
      }
      case 'blockquote':
        for (const sub of (t as Tokens.Blockquote).tokens) block(sub, indent + 16);
        break;
      case 'table': {
        const table = t as Tokens.Table;
        const line = (cells: Tokens.TableCell[], bold: boolean) =>
          writeRuns(
            cells.flatMap((c, i) => [...(i ? [{ text: '  |  ', bold: false, italic: false }] : []), ...runs(c.tokens, bold)]),
            10,
            { x: MARGIN + indent, gapAfter: 0.2 },
          );
        line(table.header, true);
        for (const row of table.rows) line(row, false);
        doc.moveDown(0.4);
        break;
      }
      case 'code':
        writeRuns([{ text: (t as Tokens.Code).text, bold: false, italic: false }], 10, { x: MARGIN + indent });
        break;
      case 'hr':
        doc
          .moveDown(0.2)
          .moveTo(MARGIN, doc.y)
          .lineTo(doc.page.width - MARGIN, doc.y)
          .lineWidth(0.5)
          .strokeColor('#cbd2d9')
          .stroke()
          .moveDown(0.6);
        break;
      default:
        break; // space, html, def: nothing to print
    }
  };
  for (const t of new Lexer({ gfm: true }).lex(markdown)) block(t);

  // Page numbers, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not open a new page
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor('#52606d')
      .text(`${MESSAGES.documentPage[lang]} ${i + 1} / ${range.count}`, MARGIN, doc.page.height - MARGIN + 18, { width: width(), align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The PDF of content/documents/{lang}/{slug}.md; null when the slug or its file does not exist. */
export async function loadDocumentPdf(contentRoot: string, lang: Lang, slug: string): Promise<Buffer | null> {
  if (!isDocumentSlug(slug)) return null;
  const markdown = await readContentFile(contentRoot, 'documents', lang, `${slug}.md`);
  return markdown === null ? null : markdownToPdf(markdown, lang);
}
