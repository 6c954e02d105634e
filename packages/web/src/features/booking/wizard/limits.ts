/** Spec §9 constants the screens show; the domain states them once for the server too. */
export { HOLD_MINUTES as PAYMENT_DEADLINE_MINUTES } from '@heliline/domain/booking/hold';
