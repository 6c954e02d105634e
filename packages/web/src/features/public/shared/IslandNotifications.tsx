// What Mantine's banners need on a page outside the Mantine layout: the close button, the
// loader and the banner itself (the CSS variables and the button base come with MantineIsland).
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

import { Notifications } from '@mantine/notifications';
import { MantineIsland } from './MantineIsland.tsx';

/**
 * The banners' container for a plain public page (the contact form's toasts), with its own
 * Mantine provider; loaded with the first banner, like app/mantine-layout.tsx's container.
 */
export default function IslandNotifications() {
  return (
    <MantineIsland>
      <Notifications position="top-center" zIndex={1000} containerWidth={520} />
    </MantineIsland>
  );
}
