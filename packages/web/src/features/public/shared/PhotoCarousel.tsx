import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import Autoplay from 'embla-carousel-autoplay';
import { useEffect, useRef, useState } from 'react';
import { MantineIsland } from './MantineIsland.tsx';
import { usePublicPage } from './use-public-page.ts';
import { emblaDurationFor } from './embla-duration.ts';
import classes from './PhotoCarousel.module.css';
import ui from './page.module.css';

/** Spec §9: autoplay every 3000 ms, slide speed 1500 ms. */
export const CAROUSEL_DELAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 1500;
const EMBLA_DURATION = emblaDurationFor(CAROUSEL_SPEED_MS);

export interface Photo {
  src: string;
  alt: string;
}

interface PhotoCarouselProps {
  photos: Photo[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Width / height of the pictures (the SVGs are 1600×900). */
  ratio?: number;
}

/**
 * Rotating photos (Mantine Carousel + embla autoplay). Accessible: a labelled region with
 * slide groups ("2 of 5"), labelled arrows and dots (tabs), a pause/play button (WCAG 2.2.2), and the
 * rotation stops while the pointer or the focus is inside and when the reader asks for reduced
 * motion.
 */
export function PhotoCarousel({ photos, label, ratio = 16 / 9 }: PhotoCarouselProps) {
  const { t } = usePublicPage();
  // One plugin for the component's life (useState's initialiser runs once).
  const [autoplay] = useState(() => Autoplay({ delay: CAROUSEL_DELAY_MS, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }));
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const playing = !pausedByUser && !hovered && !focused && !reducedMotion && photos.length > 1;
  useEffect(() => {
    const plugin = autoplay;
    // Embla initialises in the Carousel's own effect (a child's, so it runs first); play/stop
    // before that would throw, hence the guard.
    try {
      if (playing) plugin.play();
      else plugin.stop();
    } catch {
      /* not initialised yet: the next change applies it */
    }
  }, [playing, autoplay]);

  // Mantine's carousel names its dots list and announces slides in English ("Slide 2 of 5"),
  // every 3 s while it rotates: name the list in the page's language and replace the
  // announcement by ours, which is silent while rotating (APG carousel pattern).
  const root = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    const el = root.current;
    el?.querySelector('[role="tablist"]')?.setAttribute('aria-label', t('site.carousel.dots'));
    el?.querySelector('[role="status"]')?.setAttribute('aria-hidden', 'true');
  }, [t]);

  return (
    <MantineIsland>
      <div
        ref={root}
        className={classes.root}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <Carousel
          aria-label={label}
          aria-roledescription={t('site.carousel.roledescription')}
          withIndicators
          emblaOptions={{ loop: true, duration: EMBLA_DURATION }}
          plugins={[autoplay]}
          onSlideChange={setSelected}
          previousControlProps={{ 'aria-label': t('site.carousel.previous') }}
          nextControlProps={{ 'aria-label': t('site.carousel.next') }}
          previousControlIcon={<IconChevronLeft size={20} aria-hidden />}
          nextControlIcon={<IconChevronRight size={20} aria-hidden />}
          getIndicatorProps={(i) => ({ 'aria-label': t('site.carousel.goTo', { n: i + 1 }) })}
          classNames={{ indicator: classes.indicator, control: classes.control }}
        >
          {photos.map((p, i) => (
            <Carousel.Slide key={p.src} aria-roledescription={t('site.carousel.slide')} aria-label={t('site.carousel.of', { n: i + 1, count: photos.length })}>
              <img
                className={classes.photo}
                src={p.src}
                alt={p.alt}
                width={1600}
                height={Math.round(1600 / ratio)}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </Carousel.Slide>
          ))}
        </Carousel>
        <p className={ui.srOnly} aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
          {t('site.carousel.of', { n: selected + 1, count: photos.length })}
        </p>
        {photos.length > 1 && (
          <button
            type="button"
            className={classes.pause}
            aria-pressed={pausedByUser}
            onClick={() => setPausedByUser((v) => !v)}
            aria-label={pausedByUser ? t('site.carousel.play') : t('site.carousel.pause')}
          >
            {pausedByUser ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
          </button>
        )}
      </div>
    </MantineIsland>
  );
}
