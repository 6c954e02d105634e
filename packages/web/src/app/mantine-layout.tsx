// Only the stylesheets of what the public pages use (the base, their components, and the
// notifications): ~1/4 of Mantine's full CSS, which comes with app/query-layout.tsx for the app
// screens. A public page that starts using another Mantine component adds its file here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Notification.css';
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
 * Layout route of every screen built with Mantine (accounts, booking, staff, and the public
 * pages with a Mantine widget). Its stylesheet and code load with those routes only: the home
 * page, the plain public pages and the shell paint without them (decision 007).
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
