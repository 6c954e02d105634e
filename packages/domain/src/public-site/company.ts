/** The company area's pages (spec accounts §2): profile is the empty child of /company. */
export const COMPANY_PAGE_IDS = [
  'profile',
  'flight-operations',
  'civil-protection',
  'scheduled-flights',
  'offshore',
  'medical-transport',
  'additional-services',
  'maintenance',
  'auths-certs',
  'heliport-design-construction-management',
  'apulian-heli-network',
  'doa',
  'training',
  'finanzia-il-tuo-addestramento',
  'tea-centre',
] as const;
export type CompanyPageId = (typeof COMPANY_PAGE_IDS)[number];

export const isCompanyPage = (page: string): page is CompanyPageId => (COMPANY_PAGE_IDS as readonly string[]).includes(page);
