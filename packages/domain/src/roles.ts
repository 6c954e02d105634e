/**
 * Staff roles named by the spec and what each may do. Permissions are checked on the server
 * with `can()`; the web app uses the same function only to decide what to show.
 */
export const FIXED_ROLES = ['Admin', 'Prenotazioni', 'PrenotaFull', 'Prenota', 'PagamentoCash'] as const;
type FixedRole = (typeof FIXED_ROLES)[number];
/** `Pagamento{product}`: may record a payment on that operator account product. */
type PaymentProductRole = `Pagamento${string}`;
type Role = FixedRole | PaymentProductRole;

export function isRole(value: string): value is Role {
  return (FIXED_ROLES as readonly string[]).includes(value) || /^Pagamento[A-Z][A-Za-z]+$/.test(value);
}

export const ABILITIES = [
  'agencies.authorise',
  'booking.extraFlights',
  'booking.staffPaymentArea',
  'booking.paymentLink',
  'booking.discounts',
  'booking.cash',
  'booking.operatorAccount',
  'booking.blockSeats',
  'bookings.failed.manage',
  /** The audit log of a booking (who changed it when): the staff who manage bookings. */
  'bookings.audit',
  /** The check-in desk: check passengers in, weigh them, close the flight, print the manifest. */
  'flights.checkIn',
  /** Cancel a flight or a leg (weather) and follow the passengers' answers (issue 13). */
  'flights.cancel',
  /** The refund ledger (/admin/refunds): Admin, the booking office (read-only) and the cashier. */
  'refunds.view',
  /** Put a failed refund back in the gateway's queue: Admin. */
  'refunds.retry',
  /** Record how a cash or operator-account refund was paid out at the desk: Admin, PagamentoCash. */
  'refunds.payout',
  /** The money reports (/admin/reports): Admin sees everything, PagamentoCash its own cash. */
  'reports.view',
  /** Every line of the money reports, not only one's own cash: Admin. */
  'reports.all',
] as const;
export type Ability = (typeof ABILITIES)[number];

const STAFF_BOOKING: readonly Role[] = ['Admin', 'Prenotazioni', 'PrenotaFull'];
const DISCOUNTERS: readonly Role[] = ['Prenotazioni', 'PrenotaFull'];

const hasAny = (roles: readonly string[], wanted: readonly string[]) => roles.some((r) => wanted.includes(r));

export function can(roles: readonly string[], ability: Ability): boolean {
  switch (ability) {
    case 'agencies.authorise':
      return roles.includes('Admin');
    case 'booking.extraFlights':
    case 'booking.staffPaymentArea':
    case 'booking.blockSeats':
    case 'bookings.failed.manage':
    case 'bookings.audit':
    case 'flights.checkIn':
    case 'flights.cancel':
      return hasAny(roles, STAFF_BOOKING);
    case 'booking.paymentLink':
    case 'booking.discounts':
      return hasAny(roles, DISCOUNTERS);
    case 'booking.cash':
    case 'refunds.payout':
    case 'reports.view':
      return hasAny(roles, ['Admin', 'PagamentoCash']);
    case 'refunds.view':
      return hasAny(roles, [...STAFF_BOOKING, 'PagamentoCash']);
    case 'refunds.retry':
    case 'reports.all':
      return roles.includes('Admin');
    case 'booking.operatorAccount':
      return roles.includes('Admin') || roles.some((r) => r !== 'PagamentoCash' && r.startsWith('Pagamento') && isRole(r));
  }
}

/**
 * Exempt from the unpaid-hold limit (booking/hold.ts): the roles that hold seats for their work,
 * selling at the desk (Admin, Prenotazioni, PrenotaFull) or recording cash and operator-account
 * payments (PagamentoCash, Pagamento{product}). Prenota and every other caller pays by card like
 * a customer, so the limit applies to them.
 */
export function exemptFromHoldLimit(roles: readonly string[]): boolean {
  return can(roles, 'booking.staffPaymentArea') || can(roles, 'booking.cash') || can(roles, 'booking.operatorAccount');
}

export function isStaff(roles: readonly string[]): boolean {
  return roles.length > 0;
}
