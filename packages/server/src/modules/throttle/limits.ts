/**
 * Every abuse limit of the accounts area, in one place.
 *
 * Two layers:
 * - RATE_LIMITS: per client IP, kept in memory by @fastify/rate-limit (route `config.rateLimit`).
 *   Cheap, first line of defence against floods from one address.
 * - ACCOUNT_THROTTLES: per e-mail address, stored in the `throttles` table so the count holds
 *   across app instances and across IPs (an attacker rotating addresses still hits it).
 */
const MINUTE = 60_000;

export const RATE_LIMITS = {
  login: { max: 10, timeWindow: MINUTE },
  register: { max: 10, timeWindow: 60 * MINUTE },
  passwordEmail: { max: 5, timeWindow: 15 * MINUTE },
  resendVerification: { max: 5, timeWindow: 15 * MINUTE },
  v1Login: { max: 10, timeWindow: MINUTE },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export const ACCOUNT_THROTTLES = {
  /** Failed logins for one e-mail; a success clears the counter. */
  loginFailures: { max: 5, windowMs: 15 * MINUTE },
  /** Password-reset link requests for one e-mail. */
  passwordResetRequests: { max: 3, windowMs: 15 * MINUTE },
  /** Verification e-mail resends for one e-mail. */
  verificationResends: { max: 3, windowMs: 15 * MINUTE },
  /** "Someone tried to sign up with your address" notices to one existing account. */
  accountExistsNotices: { max: 3, windowMs: 60 * MINUTE },
  /** My tickets' e-mail modal: mails one user may send (any ticket), and mails about one ticket (not a mail relay). */
  ticketEmailsPerUser: { max: 20, windowMs: 60 * MINUTE },
  ticketEmailsPerTicket: { max: 5, windowMs: 60 * MINUTE },
} as const satisfies Record<string, { max: number; windowMs: number }>;

export type ThrottleName = keyof typeof ACCOUNT_THROTTLES;
