/**
 * Documents the server renders as PDFs per language (GET /documents/{lang}/{slug}.pdf): the
 * travel documents of the fares page (spec accounts §2) and the certificate, form and policies
 * linked from the company area and the home page.
 */
export const TRAVEL_DOCUMENTS = [
  'passenger-charter',
  'conditions-of-carriage',
  'passenger-information',
  'baggage',
  'pets-and-goods',
  'special-assistance',
  'parking',
  'integrated-management-policy',
  'privacy-notice',
] as const;

export const DOCUMENT_SLUGS = [...TRAVEL_DOCUMENTS, 'maintenance-certificate', 'health-safety-form', 'safety-cleaning-policy'] as const;
type DocumentSlug = (typeof DOCUMENT_SLUGS)[number];

export const isDocumentSlug = (s: string): s is DocumentSlug => (DOCUMENT_SLUGS as readonly string[]).includes(s);

export const documentHref = (lang: 'it' | 'en', slug: DocumentSlug) => `/documents/${lang}/${slug}.pdf`;
