/** Tables of the public site (helipad posts, contact requests …); see schema.ts for the conventions. */
export interface PublicSiteTables {}
