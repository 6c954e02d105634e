import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

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
  });
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
