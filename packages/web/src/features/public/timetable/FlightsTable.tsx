import type { TFunction } from 'i18next';
import type { Lang } from '@heliline/domain/i18n/messages';
import { errorText } from '../../../lib/errors.ts';
import type { DayFlightsState } from './api.ts';
import classes from './timetable.module.css';
import ui from '../shared/page.module.css';

/** The day's flights: one row per segment, the flight's name spanning its segments. */
export function FlightsTable({ state, caption, t, lang }: { state: DayFlightsState; caption: string; t: TFunction; lang: Lang }) {
  if (state.status === 'error') {
    return (
      <p role="alert" className={classes.error}>
        {errorText(state.error, t, lang)}
      </p>
    );
  }
  const loading = state.status !== 'ready';
  if (!loading && state.flights.length === 0) {
    return (
      <p className={classes.empty} role="status">
        {t('site.timetable.noFlights')}
      </p>
    );
  }
  return (
    // Focusable so a keyboard can scroll the table when it is wider than a phone.
    <div className={ui.scroll} aria-busy={loading} tabIndex={0} role="region" aria-label={caption}>
      <table className={ui.table}>
        <caption className={ui.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('site.timetable.flight')}</th>
            <th scope="col">{t('site.timetable.origin')}</th>
            <th scope="col">{t('site.timetable.takeoff')}</th>
            <th scope="col">{t('site.timetable.destination')}</th>
            <th scope="col">{t('site.timetable.landing')}</th>
          </tr>
        </thead>
        {loading ? (
          <tbody>
            {[0, 1, 2].map((i) => (
              <tr key={i} aria-hidden="true">
                {[0, 1, 2, 3, 4].map((c) => (
                  <td key={c}>
                    <span className={classes.skeleton} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ) : (
          // One row group per flight: its name heads the group's segment rows.
          state.flights.map((f, fi) => (
            <tbody key={fi} className={classes.flight}>
              {f.segments.map((s, si) => (
                <tr key={s.counter} className={s.cancelled ? classes.cancelled : undefined}>
                  {si === 0 && (
                    <th scope="rowgroup" rowSpan={f.segments.length} className={classes.flightCell}>
                      {f.description}
                    </th>
                  )}
                  <td>{s.source}</td>
                  <td>
                    <time>{s.takeoff}</time>
                  </td>
                  <td>{s.destination}</td>
                  <td>
                    <time>{s.landing}</time>
                    {s.cancelled && <strong className={classes.cancelledLabel}>{t('site.timetable.cancelled')}</strong>}
                  </td>
                </tr>
              ))}
            </tbody>
          ))
        )}
      </table>
      {loading && (
        <span className={ui.srOnly} role="status">
          {t('site.timetable.loading')}
        </span>
      )}
    </div>
  );
}
