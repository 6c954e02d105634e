import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the prerendered HTML (and on the server), true from the first
 * client render after it: what depends on the browser (the URL's hash, today's date) is read
 * only then, so the first client render matches the static HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
