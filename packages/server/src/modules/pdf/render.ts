import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * The one typeface of every document: Noto Sans (SIL Open Font License), embedded as a subset.
 * It covers Latin with its extensions, Greek and Cyrillic, so every name the booking accepts
 * prints as typed (the domain's `isPrintableName` refuses the rest at entry). The standard PDF
 * fonts know only WinAnsi: "Łukasz" or "Ελένη" came out as garbage.
 */
export const FONT = { regular: 'NotoSans', bold: 'NotoSans-Bold' } as const;

function loadFont(path: string): fontkit.Font {
  const font = fontkit.create(readFileSync(createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${path}`)));
  if (!('layout' in font)) throw new Error(`${path} is a font collection`);
  return font;
}
// Parsed once per process and shared by every document: fontkit keeps the tables and the text
// shaping it has worked out, which a font parsed anew for each PDF had to redo every time. Each
// document still embeds only the glyphs it drew.
const FONTS = { regular: loadFont('400Regular/NotoSans_400Regular.ttf'), bold: loadFont('700Bold/NotoSans_700Bold.ttf') };

export interface PdfOptions {
  title: string;
  /** Plain text kept in the document's info dictionary (never compressed): ticket numbers, booking code. */
  keywords: string;
  lang: string;
  /** false keeps page streams readable (tests, debugging); true in production. */
  compress?: boolean;
}

/** Runs a drawing function on a fresh A4 document and collects the bytes. */
export async function renderPdf(options: PdfOptions, draw: (doc: Pdf) => Promise<void> | void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    compress: options.compress ?? true,
    lang: options.lang,
    displayTitle: true,
    info: { Title: options.title, Author: 'Heliline', Subject: options.title, Keywords: options.keywords },
    autoFirstPage: false,
    // null, not left out: pdfkit would otherwise load Helvetica as the default and write it into every file.
    font: null as unknown as string,
  });
  // pdfkit takes a fontkit font as it is (its types name only paths and buffers).
  doc.registerFont(FONT.regular, FONTS.regular as unknown as Buffer);
  doc.registerFont(FONT.bold, FONTS.bold as unknown as Buffer);
  doc.font(FONT.regular);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    await draw(doc);
  } finally {
    doc.end();
  }
  return done;
}
