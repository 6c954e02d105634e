import type { TUser } from '@heliline/domain';
import { useSyncExternalStore } from 'react';

/** The spec keeps the logged-in user in localStorage `user`, never with its token. */
const USER_STORAGE_KEY = 'user';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: TUser | null = null;

function changed(): void {
  for (const l of listeners) l();
}

export function storeUser(user: TUser & { token?: unknown }): void {
  const { token: _token, ...withoutToken } = user;
  try {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(withoutToken));
  } catch {
    // storage unavailable: the session cookie still works
  }
  changed();
}

export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // ignore
  }
  changed();
}

/** The stored user (parsed once per change), or null. */
function readStoredUser(): TUser | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      cachedUser = parsed && typeof parsed === 'object' && 'email' in parsed ? (parsed as TUser) : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The header's view of the logged-in user without a request: the stored copy, which the
 * session query refreshes on every screen that asks the server (api/session.ts). Null while
 * rendering at build time and during hydration, so prerendered HTML and first render agree.
 */
export function useStoredUser(): TUser | null {
  return useSyncExternalStore(subscribe, readStoredUser, () => null);
}
