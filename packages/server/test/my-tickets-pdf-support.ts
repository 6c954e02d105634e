import { execFileSync } from 'node:child_process';

/**
 * Reading the PDFs in tests: the visible text as poppler's `pdftotext` extracts it (what a
 * person copies out of a reader), the fonts as `pdffonts` lists them, and the AcroForm fields
 * (name, type, value).
 */
export function pdfText(pdf: Buffer): string {
  // Runs of white space (the lines a long text wraps onto) become one space.
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

/** Every font of the document, as `pdffonts` lists it. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const lines = execFileSync('pdffonts', ['-'], { input: pdf }).toString('utf8').trim().split('\n').slice(2);
  return lines.map((line) => {
    // name, type (may hold spaces), encoding, emb, sub, uni, object number, generation
    const m = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/.exec(line.trim());
    if (!m) throw new Error(`unexpected pdffonts line: ${line}`);
    return { name: m[1]!, type: m[2]!, embedded: m[4] === 'yes' };
  });
}

export interface PdfFormField {
  name: string;
  /** Tx text, Btn check box. */
  type: string;
  value: string | null;
}

/** A PDF string literal `(…)` with pdfkit's escapes, or a UTF-16 one with a byte-order mark. */
function pdfString(raw: string): string {
  const unescaped = raw.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, e: string) =>
    /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e),
  );
  if (unescaped.startsWith('\u00fe\u00ff')) return Buffer.from(unescaped.slice(2), 'latin1').swap16().toString('utf16le');
  return unescaped;
}

/** Every widget of the document's AcroForm, in the order they were drawn. */
export function pdfFormFields(pdf: Buffer): PdfFormField[] {
  const src = pdf.toString('latin1');
  const out: PdfFormField[] = [];
  for (const m of src.matchAll(/<<([^]*?\/Subtype \/Widget[^]*?)>>\s*endobj/g)) {
    const dict = m[1]!;
    const name = /\/T \(((?:\\.|[^\\)])*)\)/.exec(dict)?.[1];
    const type = /\/FT \/(\w+)/.exec(dict)?.[1];
    const value = /\/V \(((?:\\.|[^\\)])*)\)/.exec(dict)?.[1];
    if (name && type) out.push({ name: pdfString(name), type, value: value === undefined ? null : pdfString(value) });
  }
  return out;
}

/** The document has an AcroForm dictionary in its catalog. */
export const hasAcroForm = (pdf: Buffer) => /\/AcroForm \d+ 0 R/.test(pdf.toString('latin1'));
