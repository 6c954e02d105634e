import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { cssVariablesResolver, theme } from './theme.ts';

/** The banners' container (and its transitions) load after the page; `notify` queues until then. */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Layout route of every screen built with Mantine (accounts, booking, staff, and the public
 * pages with a Mantine widget). Its stylesheet and code load with those routes
 * only: the home page and the shell paint without them (decision 007).
 */
export default function MantineLayout() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="top-center" zIndex={1000} containerWidth={520} />
      </Suspense>
      <Outlet />
    </MantineProvider>
  );
}
