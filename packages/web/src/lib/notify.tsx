import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';

/*
 * Every screen mounts the banners' container only once something is announced (its code is not
 * part of any first load: app/mantine-layout.tsx). Banners shown before the container mounts
 * wait in Mantine's store and appear with it.
 */
let requested = false;
const listeners = new Set<() => void>();

function request(): void {
  if (requested) return;
  requested = true;
  for (const l of listeners) l();
}

export function useNotificationsRequested(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requested,
    () => false,
  );
}

/** The close button needs a name for screen readers (and axe), in the page's language. */
const closeLabel = () => (typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'Close' : 'Chiudi');

type Store = typeof import('@mantine/notifications');
let store: Promise<Store> | undefined;

/**
 * Mantine's notifications store, imported on first use (so a page that never announces anything
 * does not download it), with the container asked to mount. One promise: calls made while it
 * loads run in the order they were made (a hide before the show that replaces it).
 */
export function withNotifications(run: (s: Store['notifications']) => void): void {
  request();
  store ??= import('@mantine/notifications');
  store
    .then((m) => run(m.notifications))
    .catch((e: unknown) => {
      store = undefined;
      console.error('notifications failed to load', e);
    });
}

type Kind = 'success' | 'warning' | 'error';
const COLOR: Record<Kind, string> = { success: 'green', warning: 'orange', error: 'red' };

function show(kind: Kind, message: string, icon: React.ReactNode, autoClose: number): void {
  withNotifications((n) => n.show({ color: COLOR[kind], message, icon, autoClose, 'data-kind': kind, closeButtonProps: { 'aria-label': closeLabel() } }));
}

/**
 * Green success / red error banners (spec §8), and orange warnings (a form to complete, not a
 * failure: contacts' AllFieldsMandatory, EmailInvalid). Mantine renders them with role="alert".
 */
export const notify = {
  success: (message: string) => show('success', message, <IconCheck size={18} aria-hidden />, 6000),
  warning: (message: string) => show('warning', message, <IconAlertTriangle size={18} aria-hidden />, 8000),
  error: (message: string) => show('error', message, <IconAlertTriangle size={18} aria-hidden />, 10000),
};
