import type { TUser } from '@heliline/domain';

/** The spec keeps the logged-in user in localStorage `user`, never with its token. */
export const USER_STORAGE_KEY = 'user';

export function storeUser(user: TUser & { token?: unknown }): void {
  const { token: _token, ...withoutToken } = user;
  try {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(withoutToken));
  } catch {
    // storage unavailable: the session cookie still works
  }
}

export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // ignore
  }
}
