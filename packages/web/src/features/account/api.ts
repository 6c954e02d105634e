import type { TAccountUpdateInput, TLogin, TLoginAnswer, TMessageBody, TPasswordAnswer, TPasswordReset, TRegistered, TSignupInput, TUserUpdated } from '@heliline/domain';
import { api, refreshCsrf } from '../../api/client.ts';

/**
 * Account calls (spec §7), typed by the domain schemas the server validates and serialises
 * with. Login, sign-up and password calls fetch a fresh CSRF cookie first.
 */

export async function login(body: TLogin): Promise<TLoginAnswer> {
  await refreshCsrf();
  return api.post<TLoginAnswer>('/api/auth/login', body);
}

export async function register(body: TSignupInput): Promise<TRegistered> {
  await refreshCsrf();
  return api.post<TRegistered>('/api/auth/register', body);
}

export function resendVerificationEmail(email: string): Promise<TMessageBody> {
  return api.post<TMessageBody>('/api/auth/resend-verification-email', { email });
}

/** A 200 answer may still carry `errors` (spec §8: show them as an error). */
export async function requestPasswordLink(email: string): Promise<TPasswordAnswer> {
  await refreshCsrf();
  return api.post<TPasswordAnswer>('/password/email', { email });
}

export async function resetPassword(body: TPasswordReset): Promise<TPasswordAnswer> {
  await refreshCsrf();
  return api.post<TPasswordAnswer>('/password/reset', body);
}

export function updateAccount(body: TAccountUpdateInput): Promise<TUserUpdated> {
  return api.put<TUserUpdated>('/api/auth/user', body);
}
