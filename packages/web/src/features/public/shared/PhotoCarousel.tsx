import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageLang } from '../../../lib/paths.ts';
import { emblaDurationFor } from './embla-duration.ts';
import classes from './PhotoCarousel.module.css';

/** Spec §9: autoplay every 3000 ms, slide speed 1500 ms. */
const CAROUSEL_DELAY_MS = 3000;
const CAROUSEL_SPEED_MS = 1500;
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
 * Rotating photos on Embla (decision 032: no UI library on a plain public page). Accessible
 * (APG carousel pattern): a labelled region with slide groups ("2 of 5"), labelled arrows, dots
 * as tabs with a roving tab stop, a pause/play button (WCAG 2.2.2), arrow keys anywhere inside;
 * the rotation stops while the pointer or the focus is inside, while the carousel is off screen
 * and when the reader asks for reduced motion, and the slide announcement is silent while it
 * rotates.
 */
export function PhotoCarousel({ photos, label, ratio = 16 / 9 }: PhotoCarouselProps) {
  // Not usePublicPage: its chunk carries the pages' stylesheet, which this lazy widget would then
  // link a second time (a restyle of the whole page).
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(usePageLang());
  // One plugin for the component's life (useState's initialiser runs once).
  const [autoplay] = useState(() => Autoplay({ delay: CAROUSEL_DELAY_MS, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }));
  const [viewport, embla] = useEmblaCarousel({ loop: true, duration: EMBLA_DURATION }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);
  const [onScreen, setOnScreen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const dots = useRef<HTMLDivElement>(null);
  const id = useId();
  const count = photos.length;
  // Only the photos next to the one shown are fetched (all of them once the visitor reaches for
  // the controls): each SVG picture is a small document Blink builds and paints on the main
  // thread, and the ones further along are not needed before two autoplay delays have passed.
  const [reached, setReached] = useState(false);
  const fetched = (i: number) => reached || Math.min(Math.abs(i - selected), count - Math.abs(i - selected)) <= 1;

  // Each rotation is a second and a half of animation frames on the main thread, longer on a
  // slow phone: none while nobody can see it.
  useEffect(() => {
    const element = root.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setOnScreen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((entry) => entry.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const playing = onScreen && !pausedByUser && !hovered && !focused && !reducedMotion && photos.length > 1;
  useEffect(() => {
    if (!embla) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [playing, autoplay, embla]);

  const goTo = useCallback((index: number) => embla?.scrollTo(index), [embla]);

  // Arrow keys move the photos from anywhere inside; on the dots they also move the focus along.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : null;
    if (!step && edge === null) return;
    event.preventDefault();
    const target = edge ?? (selected + step + count) % count;
    goTo(target);
    if (dots.current?.contains(event.target as Node)) (dots.current.children[target] as HTMLElement | undefined)?.focus();
  };

  return (
    // The region takes the arrow keys for every control inside it (the APG carousel pattern);
    // it is not itself focusable, so it needs no role of its own beyond the landmark.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={root}
      id={id}
      role="region"
      aria-label={label}
      aria-roledescription={t('site.carousel.roledescription')}
      className={classes.root}
      onKeyDown={onKeyDown}
      onMouseEnter={() => {
        setHovered(true);
        setReached(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setReached(true);
      }}
      onTouchStart={() => setReached(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={classes.viewport} ref={viewport}>
        <div className={classes.track}>
          {photos.map((p, i) => (
            <div
              key={p.src}
              className={classes.slide}
              role="group"
              aria-roledescription={t('site.carousel.slide')}
              aria-label={t('site.carousel.of', { n: i + 1, count })}
            >
              <img
                className={classes.photo}
                src={fetched(i) ? p.src : undefined}
                alt={p.alt}
                width={1600}
                height={Math.round(1600 / ratio)}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </div>
          ))}
        </div>
      </div>
      <p className="visually-hidden" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        {t('site.carousel.of', { n: selected + 1, count })}
      </p>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${classes.control} ${classes.previous}`}
            aria-controls={id}
            aria-label={t('site.carousel.previous')}
            onClick={() => embla?.scrollPrev()}
          >
            <IconChevronLeft size={20} aria-hidden />
          </button>
          <button
            type="button"
            className={`${classes.control} ${classes.next}`}
            aria-controls={id}
            aria-label={t('site.carousel.next')}
            onClick={() => embla?.scrollNext()}
          >
            <IconChevronRight size={20} aria-hidden />
          </button>
          <div ref={dots} className={classes.indicators} role="tablist" aria-label={t('site.carousel.dots')}>
            {photos.map((p, i) => (
              <button
                key={p.src}
                type="button"
                role="tab"
                className={classes.indicator}
                aria-label={t('site.carousel.goTo', { n: i + 1 })}
                aria-selected={i === selected}
                tabIndex={i === selected ? 0 : -1}
                data-active={i === selected || undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className={classes.pause}
            aria-pressed={pausedByUser}
            onClick={() => setPausedByUser((v) => !v)}
            aria-label={pausedByUser ? t('site.carousel.play') : t('site.carousel.pause')}
          >
            {pausedByUser ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
          </button>
        </>
      )}
    </div>
  );
}
