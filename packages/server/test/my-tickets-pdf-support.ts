import { inflateSync } from 'node:zlib';

/**
 * Reading uncompressed pdfkit output in tests: the visible text (standard fonts write each run
 * as hex of WinAnsi bytes inside TJ arrays) and the AcroForm fields (name, type, value).
 */
export function pdfText(pdf: Buffer): string {
  const src = inflatedStreams(pdf);
  const runs: string[] = [];
  for (const m of src.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const pieces = [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));
    runs.push(pieces.join(''));
  }
  return runs
    .join('\n')
    .replace(/\u0080/g, '€')
    .replace(/\u0096/g, '–')
    .replace(/\u0092/g, '’');
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

/**
 * The document with every Flate stream inflated (what the app serves is compressed). Each
 * stream is cut by its dictionary's /Length, not by searching for "endstream": a compressed
 * body may end in a CR byte, which a search for "\r?\nendstream" would take as the line end
 * (about one stream in 256), leaving the stream truncated and its text unread.
 */
export function inflatedStreams(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  let out = '';
  let at = 0;
  const keyword = /stream\r?\n/g;
  for (let m = keyword.exec(src); m; m = keyword.exec(src)) {
    if (src.startsWith('end', m.index - 3)) continue;
    // The stream's object header up to the keyword: "N 0 obj << /Length 123 /Filter /FlateDecode >>".
    const dict = src.slice(src.lastIndexOf(' obj', m.index), m.index);
    const length = Number(/\/Length (\d+)\s*(?:\/|>>)/.exec(dict)?.[1]);
    if (!Number.isInteger(length)) continue;
    const bodyStart = m.index + m[0].length;
    const body = src.slice(bodyStart, bodyStart + length);
    let text = body;
    if (dict.includes('/FlateDecode')) {
      try {
        text = inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
      } catch {
        text = body;
      }
    }
    out += src.slice(at, bodyStart) + text;
    at = bodyStart + length;
    keyword.lastIndex = at;
  }
  return out + src.slice(at);
}
