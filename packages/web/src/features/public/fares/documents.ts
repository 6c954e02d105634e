/** Travel documents linked from the fares page (spec §2), generated per language by the server. */
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
export type TravelDocument = (typeof TRAVEL_DOCUMENTS)[number];

export const documentHref = (lang: 'it' | 'en', slug: string) => `/documents/${lang}/${slug}.pdf`;
