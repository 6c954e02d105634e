import type { TMessageBody, TUser, TUserAnswer } from '@heliline/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { clearStoredUser, storeUser } from '../lib/stored-user.ts';
import { ApiError, api } from './client.ts';

/** The logged-in user (session cookie), or null. Keeps localStorage `user` in step. */
async function fetchMe(): Promise<TUser | null> {
  try {
    const { user } = await api.get<TUserAnswer>('/api/auth/user');
    storeUser(user);
    return user;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      clearStoredUser();
      return null;
    }
    throw e;
  }
}

export const meQuery = queryOptions({ queryKey: ['auth', 'user'] as const, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQuery);
}

/** For clientLoaders: the cached user, or one call to the server. */
export function getMe(): Promise<TUser | null> {
  return queryClient.ensureQueryData(meQuery);
}

export async function logout(): Promise<TMessageBody | null> {
  let answer: TMessageBody | null = null;
  try {
    answer = await api.post<TMessageBody>('/api/auth/logout');
  } finally {
    clearStoredUser();
    queryClient.setQueryData(meQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'public' });
  }
  return answer;
}
