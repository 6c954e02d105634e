/** Tables of inventory and booking (holds, booking requests, event log, coupons …); see schema.ts. */
export interface BookingTables {}
