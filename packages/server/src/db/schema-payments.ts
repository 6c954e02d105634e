/** Tables of payments and tickets; see schema.ts for the conventions. */
export interface PaymentsTables {}
