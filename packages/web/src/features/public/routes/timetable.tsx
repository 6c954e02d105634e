import { romeToday } from '@heliline/domain/dates';
import { formatFullDate } from '@heliline/domain/i18n/formats';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useDayFlights } from '../timetable/api.ts';
import { FlightsTable } from '../timetable/FlightsTable.tsx';
import { MonthCalendar } from '../../../components/calendar/MonthCalendar.tsx';
import { useFrameHeight } from '../shared/use-frame-height.ts';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../timetable/timetable.module.css';
import ui from '../shared/page.module.css';
import { pageMeta } from '../../../lib/site.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { Route } from './+types/timetable';

/** The week grid is a wide table: shown from this width up (spec: desktop only). */
const DESKTOP = '(min-width: 62em)';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, { title: 'titles.timetable', description: 'site.meta.timetable' });

/**
 * Timetable: an inline date picker (Monday first, it/en), the flights of the chosen day from
 * GET /api/calendar-flights, and on desktop the week grid page /timetable-grid?lang=.
 * The day starts as "today in Rome" after hydration (the static HTML shows the skeleton).
 */
export default function Timetable() {
  const { t, lang } = usePublicPage();
  // Today is the browser's, so it is read after hydration; the calendar is drawn then.
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? (hydrated ? romeToday() : null);
  const flights = useDayFlights(date, lang);
  const desktop = useMediaQuery(DESKTOP, false, { getInitialValueInEffect: true });
  const caption = date
    ? t('site.timetable.caption', {
        date: formatFullDate(date, lang),
      })
    : t('site.timetable.title');

  return (
    <div className={ui.page}>
      <h1 className={ui.title}>{t('titles.timetable')}</h1>
      <p className={ui.lead}>{t('site.timetable.lead')}</p>
      <div className={classes.layout}>
        <section aria-labelledby="timetable-picker-title" className={classes.picker}>
          <h2 id="timetable-picker-title" className={ui.h2}>
            {t('site.timetable.pickDate')}
          </h2>
          {date ? <MonthCalendar value={date} onChange={setPicked} lang={lang} t={t} /> : <div className={classes.pickerSkeleton} aria-hidden="true" />}
        </section>
        <section aria-labelledby="timetable-day-title" className={classes.day}>
          <h2 id="timetable-day-title" className={ui.h2}>
            {t('site.timetable.dayFlights')}
          </h2>
          <FlightsTable state={flights} caption={caption} t={t} lang={lang} />
        </section>
      </div>
      {desktop && <WeekGrid lang={lang} title={t('site.timetable.weekGrid')} />}
    </div>
  );
}

function WeekGrid({ lang, title }: { lang: 'it' | 'en'; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const src = `/timetable-grid?lang=${lang}`;
  const height = useFrameHeight(frame, src, 560, 20);
  return (
    <section aria-labelledby="timetable-week-title" className={classes.week}>
      <h2 id="timetable-week-title" className={ui.h2}>
        {title}
      </h2>
      <iframe ref={frame} src={src} title={title} className={ui.frame} style={{ height }} data-testid="timetable-grid" />
    </section>
  );
}
