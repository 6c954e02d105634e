import type { TAccountUpdateInput, TDocumentType, TEmailOnly, TLogin, TPasswordReset, TSignupInput, TUser } from '@heliline/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiMessage, api, refreshCsrf } from '../../api/client.ts';
import { useLang } from '../../i18n/use-lang.ts';

/** Account calls (spec §7). Login, sign-up and password calls fetch a fresh CSRF cookie first. */

export interface LoginAnswer extends ApiMessage {
  user: TUser & { token?: string };
}

export async function login(body: TLogin): Promise<LoginAnswer> {
  await refreshCsrf();
  return api.post<LoginAnswer>('/api/auth/login', body);
}

export interface RegisterAnswer extends ApiMessage {
  agency: boolean;
}

export async function register(body: TSignupInput): Promise<RegisterAnswer> {
  await refreshCsrf();
  return api.post<RegisterAnswer>('/api/auth/register', body);
}

export function resendVerificationEmail(email: string): Promise<ApiMessage> {
  return api.post<ApiMessage>('/api/auth/resend-verification-email', { email });
}

/** A 200 answer may still carry `errors` (spec §8: show them as an error). */
export interface PasswordAnswer extends ApiMessage {
  errors?: Record<string, string[]>;
}

export async function requestPasswordLink(email: string): Promise<PasswordAnswer> {
  await refreshCsrf();
  const body: TEmailOnly = { email };
  return api.post<PasswordAnswer>('/password/email', body);
}

export async function resetPassword(body: TPasswordReset): Promise<PasswordAnswer> {
  await refreshCsrf();
  return api.post<PasswordAnswer>('/password/reset', body);
}

export interface UpdateAccountAnswer extends ApiMessage {
  user: TUser;
}

export function updateAccount(body: TAccountUpdateInput): Promise<UpdateAccountAnswer> {
  return api.put<UpdateAccountAnswer>('/api/auth/user', body);
}

/** Document types (their text follows the request language). */
export function documentTypesQuery(lang: string) {
  return queryOptions({
    queryKey: ['public', 'document-types', lang] as const,
    queryFn: async () => (await api.get<{ document_types: TDocumentType[] }>('/api/document-types')).document_types,
    staleTime: 60 * 60_000,
  });
}

export function useDocumentTypes() {
  const [lang] = useLang();
  return useQuery(documentTypesQuery(lang));
}
