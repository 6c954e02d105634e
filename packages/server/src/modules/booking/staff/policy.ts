import { can, canStoreType, canUseStaffBookingOptions, type TBookingStoreBody } from '@heliline/domain';
import { AppError } from '../../../http/errors.ts';

/**
 * The role rules of POST /api/bookings that answer 403 before anything is read or written
 * (spec §6): the payment type, staff discounts and exemptions, the pet and unattended-minor
 * options, and selling a blocked booking.
 */
export function assertMayStore(roles: readonly string[], body: Pick<TBookingStoreBody, 'type' | 'form'>): void {
  if (!canStoreType(body.type, roles)) throw new AppError('forbidden', 'paymentTypeForbidden');
  const paxes = body.form.paxes;
  // Anyone else sending a non-default exemption or discount is refused, not silently ignored.
  if (!can(roles, 'booking.discounts') && paxes.some((p) => (p.dsc ?? 0) !== 0 || p.exemption)) throw new AppError('forbidden', 'staffDiscountsForbidden');
  if (!canUseStaffBookingOptions(roles) && (paxes.some((p) => p.category === 'an') || body.form.unattendedMinor)) throw new AppError('forbidden', 'forbidden');
  if (body.form.prenBloccataSel && !can(roles, 'booking.blockSeats')) throw new AppError('forbidden', 'forbidden');
}

/** The account a type-3 payment is recorded on: the user's Pagamento{product} role (Admin without one: 'Admin'). */
export function operatorAccountOf(roles: readonly string[]): string {
  return roles.find((r) => r.startsWith('Pagamento') && r !== 'PagamentoCash') ?? 'Admin';
}
