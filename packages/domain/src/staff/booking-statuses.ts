/**
 * Statuses of a booking in the management list (booking_requests.status), in a module without
 * zod: the staff list's filters name them without loading the wire schemas.
 */
export const ADMIN_BOOKING_STATUSES = ['pending', 'blocked', 'paid', 'ticketed', 'failed', 'expired', 'refunded', 'deleted'] as const;
export type AdminBookingStatus = (typeof ADMIN_BOOKING_STATUSES)[number];
export const ADMIN_BOOKINGS_PER_PAGE = 25;
