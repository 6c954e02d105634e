/**
 * Every abuse limit of the accounts area, in one place.
 *
 * Two layers:
 * - RATE_LIMITS: per client IP, counted by @fastify/rate-limit (route `config.rateLimit`) in the
 *   database (rate-limit-store.ts), so every instance behind the proxy shares one count. First
 *   line of defence against floods from one address; the client address is the socket's unless
 *   TRUST_PROXY names the proxy in front.
 * - ACCOUNT_THROTTLES: per e-mail address, stored in the `throttles` table so the count holds
 *   across app instances and across IPs (an attacker rotating addresses still hits it).
 */
const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** One bucket for the three login routes (SPA, /login, /api/v1/auth/login): same group, one count. */
  login: { max: 10, timeWindow: MINUTE, groupId: 'login' },
  register: { max: 10, timeWindow: 60 * MINUTE },
  passwordEmail: { max: 5, timeWindow: 15 * MINUTE },
  resendVerification: { max: 5, timeWindow: 15 * MINUTE },
} as const satisfies Record<string, { max: number; timeWindow: number; groupId?: string }>;

export const ACCOUNT_THROTTLES = {
  /**
   * Failed logins for one e-mail from one client address; a success clears the counter. Per
   * address, so guessing from elsewhere never locks the real owner out (decision 015).
   */
  loginFailures: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong `current_password` on one account (password change and the like): guesses by whoever holds a session. */
  currentPasswordFailures: { max: 5, windowMs: 15 * MINUTE },
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
