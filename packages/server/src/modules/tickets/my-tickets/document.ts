import { type Lang, toWireDate } from '@heliline/domain';
import { DOCUMENT_TYPES } from '../../../seed/reference.ts';

/** The passenger's document as printed on tickets and forms: "Passaporto AB123456". */
export function documentText(row: { doc_type: number | null; doc_num: string | null }, lang: Lang): string | null {
  if (!row.doc_num) return null;
  const type = DOCUMENT_TYPES.find((d) => d.id === row.doc_type);
  const name = type ? (lang === 'it' ? type.text_it : type.text_en) : '';
  return `${name} ${row.doc_num}`.trim();
}

const LABELS = { it: { document: 'Documento', expires: 'scad.' }, en: { document: 'Document', expires: 'exp.' } } as const;

/** The ticket's document line (label and value), with its expiry when known; null without a document. */
export function ticketDocumentField(row: { doc_type: number | null; doc_num: string | null; doc_expdate: string | null }, lang: Lang) {
  const text = documentText(row, lang);
  if (!text) return null;
  const expiry = row.doc_expdate ? ` (${LABELS[lang].expires} ${toWireDate(row.doc_expdate)})` : '';
  return { label: LABELS[lang].document, value: text + expiry };
}
