// Mantine's stylesheet is the layout's (app/mantine-layout.tsx); the banners' own comes after it.
import '@mantine/notifications/styles.css';

import { Notifications } from '@mantine/notifications';

/** The banners' container, mounted with the first banner (app/Banners.tsx). */
export default function BannersContainer() {
  return <Notifications position="top-center" zIndex={1000} containerWidth={520} />;
}
