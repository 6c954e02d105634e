import { lazy, Suspense } from 'react';
import type { Photo } from './PhotoCarousel.tsx';
import classes from './PhotoCarousel.module.css';

/**
 * The carousel's code (Mantine Carousel + embla, ~12 KB gzip) is not part of the page's first
 * load: the prerendered HTML already holds the carousel, React keeps it until the chunk has
 * arrived, and a client-side navigation shows the first photo meanwhile.
 */
const PhotoCarousel = lazy(() => import('./PhotoCarousel.tsx').then((m) => ({ default: m.PhotoCarousel })));

export function LazyPhotoCarousel(props: { photos: Photo[]; label: string }) {
  const first = props.photos[0];
  return (
    <Suspense fallback={first ? <img className={`${classes.root} ${classes.photo}`} src={first.src} alt={first.alt} width={1600} height={900} /> : null}>
      <PhotoCarousel {...props} />
    </Suspense>
  );
}
