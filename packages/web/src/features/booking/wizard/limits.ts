/** Spec §9 constants the screens show (the domain enforces them on the server). */
export const PAYMENT_DEADLINE_MINUTES = 10;
