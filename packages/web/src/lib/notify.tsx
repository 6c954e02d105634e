import { notifications } from '@mantine/notifications';
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

/** Green success / red error banners (spec §8). Mantine renders them with role="alert". */
export const notify = {
  success(message: string) {
    request();
    notifications.show({ color: 'green', message, icon: <IconCheck size={18} aria-hidden />, autoClose: 6000 });
  },
  error(message: string) {
    request();
    notifications.show({ color: 'red', message, icon: <IconAlertTriangle size={18} aria-hidden />, autoClose: 10000 });
  },
};
