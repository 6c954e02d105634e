import type { Lang } from '@heliline/domain';
import type { TNextFlight } from '@heliline/domain/public-site/wire';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { boardState } from './countdown.ts';
import classes from './home.module.css';

/** GET /api/next-flight (spec §3 next-flight response): the domain schema's type. */
type NextFlight = TNextFlight;

type Loaded = { flight: NextFlight; at: number };

/**
 * The departure board: loads after hydration (the prerendered HTML shows its frame and a
 * skeleton), then ticks every second. The digits are not a live region; a separate polite
 * region announces only the flight found and the switch to DELAYED, never each second.
 */
export function DepartureBoard({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(0);

  useEffect(() => {
    let cancelled = false;
    api
      .get<NextFlight>('/api/next-flight')
      .then((flight) => {
        if (cancelled) return;
        const at = Date.now();
        setLoaded({ flight, at });
        setNow(at);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);

  const seconds = loaded?.flight.secondsToNextFlight ?? null;
  const state = loaded && seconds !== null ? boardState(seconds, now - loaded.at) : null;
  const cancelled = loaded?.flight.cancelled === true;
  const ticking = state !== null && state.kind !== 'delayed' && !cancelled;

  useEffect(() => {
    if (!ticking) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [ticking]);

  const message = loaded ? (loaded.flight.displayMessages?.[lang] ?? loaded.flight.displayMessage) : '';
  const when = loaded?.flight.nextFlightDate ? `${loaded.flight.nextFlightDate} ${loaded.flight.nextFlightTime ?? ''}`.trim() : '';
  const announcement = !loaded
    ? failed
      ? t('home.board.unavailable')
      : ''
    : state?.kind === 'delayed'
      ? t('home.board.delayedAnnouncement', { flight: message })
      : when
        ? t('home.board.announcement', { flight: message, when })
        : message;

  return (
    <section
      className={classes.board}
      aria-labelledby="board-title"
      data-testid="departure-board"
      data-state={cancelled ? 'cancelled' : (state?.kind ?? (failed ? 'error' : loaded ? 'none' : 'loading'))}
    >
      <h2 id="board-title" className={classes.boardTitle}>
        {t('home.board.title')}
      </h2>
      <div className={classes.boardRow}>
        <div className={classes.boardFlight}>
          <span className={classes.boardLabel}>{t('home.board.flight')}</span>
          <span className={classes.boardValue} data-testid="board-flight">
            {loaded ? message : failed ? t('home.board.unavailable') : <span className={classes.boardSkeleton} aria-hidden />}
          </span>
          {when && (
            <span className={classes.boardWhen} data-testid="board-when">
              {when}
            </span>
          )}
        </div>
        <div className={classes.boardClock}>
          <span className={classes.boardLabel}>{t('home.board.departsIn')}</span>
          <span className={classes.boardDigits} data-testid="board-countdown" role="timer" aria-label={t('home.board.departsIn')}>
            {cancelled ? (
              <span className={classes.boardDelayed}>{t('home.board.cancelled')}</span>
            ) : state?.kind === 'countdown' ? (
              `${state.hh}:${state.mm}:${state.ss}`
            ) : state?.kind === 'delayed' ? (
              <span className={classes.boardDelayed}>DELAYED</span>
            ) : (
              '\u00a0'
            )}
          </span>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </section>
  );
}
