import { fileURLToPath } from 'node:url';

/** Helipad posts of the loader tests (one carries hostile HTML), beside the real content. */
export const FIXTURE_CONTENT_ROOT = fileURLToPath(new URL('./fixtures/', import.meta.url));

/**
 * The text an uncompressed pdfkit PDF shows: pdfkit writes every line as a TJ array of
 * hex-encoded WinAnsi strings and kerning numbers; the lines are joined with spaces.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}
