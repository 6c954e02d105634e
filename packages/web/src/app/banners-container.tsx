// What Mantine's banners need: the close button, the loader and the banner itself (the CSS
// variables and the button base come with MantineIsland; under the Mantine layout all of it is
// already there).
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

import { Notifications } from '@mantine/notifications';
import { MantineIsland } from './MantineIsland.tsx';

/** The banners' container, with a Mantine provider of its own where the page has none. */
export default function BannersContainer() {
  return (
    <MantineIsland>
      <Notifications position="top-center" zIndex={1000} containerWidth={520} />
    </MantineIsland>
  );
}
