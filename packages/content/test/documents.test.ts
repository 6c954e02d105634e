import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_SLUGS } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_ROOT } from '../src/content-root.ts';
import { loadDocumentPdf, markdownToPdf, toWinAnsi } from '../src/documents.ts';
import { pdfText } from './support.ts';

describe('markdownToPdf', () => {
  it('prints the title, headings, list items, the operator header and page numbers', async () => {
    const long = `# Regolamento bagagli\n\n## 1. Misure\n\n- Un bagaglio → stiva\n\n${Array.from({ length: 80 }, (_, i) => `Paragrafo ${i} con testo abbastanza lungo da andare a capo.`).join('\n\n')}`;
    const text = pdfText(await markdownToPdf(long, 'it', { compress: false }));
    expect(text).toContain('Heliline');
    expect(text).toContain('Regolamento bagagli');
    expect(text).toContain('1. Misure');
    expect(text).toContain('Un bagaglio -> stiva');
    expect(text).toMatch(/Pagina 1 \/ ([2-9])/);
    const pages = Number(/Pagina 1 \/ (\d)/.exec(text)![1]);
    expect(text).toContain(`Pagina ${pages} / ${pages}`);
    expect(pdfText(await markdownToPdf('# Baggage rules\n\ntext', 'en', { compress: false }))).toContain('Page 1 / 1');
  });

  it('spells out the symbols the standard PDF fonts cannot print', () => {
    expect(toWinAnsi('A → B ≥ 2 € ✓ 漢')).toBe('A -> B >= 2 € v ?');
  });
});

describe('loadDocumentPdf', () => {
  it('is null for an unknown slug or a missing file', async () => {
    expect(await loadDocumentPdf(DEFAULT_CONTENT_ROOT, 'it', 'nope')).toBeNull();
    expect(await loadDocumentPdf('/nonexistent-content-root', 'it', 'baggage')).toBeNull();
  });

  for (const lang of ['it', 'en'] as const) {
    for (const slug of DOCUMENT_SLUGS) {
      it(`renders the real document ${lang}/${slug} as a PDF with its title`, async () => {
        const markdown = await readFile(join(DEFAULT_CONTENT_ROOT, 'documents', lang, `${slug}.md`), 'utf8');
        const title = /^#\s+(.+)$/m.exec(markdown)![1]!.replace(/[*_`]/g, '').trim();
        expect(pdfText(await markdownToPdf(markdown, lang, { compress: false }))).toContain(toWinAnsi(title));
        const pdf = await loadDocumentPdf(DEFAULT_CONTENT_ROOT, lang, slug);
        expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
        expect(pdf!.subarray(-6).toString()).toContain('%%EOF');
      });
    }
  }
});
