// Mantine's stylesheet, then the banners' (Mantine's required order).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useNotificationsRequested } from '../lib/notify.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The banners' container (and its transitions) loads with the first banner (lib/notify.tsx),
 * on every screen: a banner shown before it mounts waits in Mantine's store and appears with it.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Layout route of every screen built with Mantine (accounts, booking, staff). Its stylesheet and
 * code load with those routes only: the public pages and the shell paint without them (decision
 * 007); a public page's widget brings its own provider (features/public/shared/MantineIsland.tsx).
 */
export default function MantineLayout() {
  const requested = useNotificationsRequested();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {requested && (
        <Suspense fallback={null}>
          <Notifications position="top-center" zIndex={1000} containerWidth={520} />
        </Suspense>
      )}
      <Outlet />
    </MantineProvider>
  );
}
