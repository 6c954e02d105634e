import { lazy, Suspense } from 'react';
import { useNotificationsRequested } from '../lib/notify.tsx';

const BannersContainer = lazy(() => import('./banners-container.tsx'));

/**
 * Where an app screen's banners appear (lib/notify.tsx). The container's code loads with the
 * first banner, not with the screen; a banner shown before it mounts waits in Mantine's store and
 * appears with it.
 */
export function Banners() {
  const requested = useNotificationsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <BannersContainer />
    </Suspense>
  );
}
