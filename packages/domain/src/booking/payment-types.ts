// The numbers the wire and the database carry for how something is paid (spec), by name.

/**
 * A booking's type (POST bookings store, booking_requests.type). voucher (issue 51, not in the
 * spec): paid wholly by a voucher, no card, ticketed at once.
 */
export const BOOKING_TYPE = { card: 1, paymentLink: -1, cash: 2, operatorAccount: 3, block: 4, voucher: 5 } as const;
export type BookingType = (typeof BOOKING_TYPE)[keyof typeof BOOKING_TYPE];
/** The types of the staff payment area: a payment link, cash, the operator's account. */
export type StaffPaymentType = typeof BOOKING_TYPE.paymentLink | typeof BOOKING_TYPE.cash | typeof BOOKING_TYPE.operatorAccount;

/** What confirming a ticket change does (my-tickets §4): price it, e-mail a payment link (staff), pay. */
export const CHANGE_TYPE = { preview: 0, paymentLink: -1, pay: 1 } as const;
export type ChangeType = (typeof CHANGE_TYPE)[keyof typeof CHANGE_TYPE];
