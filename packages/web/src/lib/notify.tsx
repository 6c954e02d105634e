import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';

/*
 * Public pages mount the banners' container only once something is announced (its code is not
 * part of their first load); the app screens mount it always (see app/mantine-layout.tsx).
 * Banners shown before the container mounts wait in Mantine's store and appear with it.
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

/**
 * Mantine's notifications store is imported on first use, so a page that never announces
 * anything does not download it.
 */
type Kind = 'success' | 'warning' | 'error';
const COLOR: Record<Kind, string> = { success: 'green', warning: 'orange', error: 'red' };

function show(kind: Kind, message: string, icon: React.ReactNode, autoClose: number): void {
  request();
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ color: COLOR[kind], message, icon, autoClose, 'data-kind': kind, closeButtonProps: { 'aria-label': closeLabel() } }),
  );
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
