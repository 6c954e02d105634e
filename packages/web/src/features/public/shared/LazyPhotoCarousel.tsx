import { lazy, Suspense } from 'react';
import type { Photo } from './PhotoCarousel.tsx';
import { useIdleAfterHydration } from './use-after-hydration.ts';
import classes from './PhotoCarousel.module.css';

/**
 * The carousel's code (Embla, its autoplay and the controls) is not part of the page's first load:
 * the prerendered HTML and the first client render show a static frame of the same size (the
 * first photo), and the carousel replaces it once the browser is idle after hydration.
 */
const PhotoCarousel = lazy(() => import('./PhotoCarousel.tsx').then((m) => ({ default: m.PhotoCarousel })));

export function LazyPhotoCarousel(props: { photos: Photo[]; label: string }) {
  const ready = useIdleAfterHydration();
  const first = props.photos[0];
  const frame = first ? (
    <div className={classes.root}>
      <img className={classes.photo} src={first.src} alt={first.alt} width={1600} height={900} fetchPriority="high" />
    </div>
  ) : null;
  if (!ready) return frame;
  return (
    <Suspense fallback={frame}>
      <PhotoCarousel {...props} />
    </Suspense>
  );
}
