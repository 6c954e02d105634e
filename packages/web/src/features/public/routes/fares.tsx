import { romeToday, toWireDate } from '@heliline/domain/dates';
import { defaultFaresTab, FARE_TABS, TARIFF_IN_FORCE_FROM, type FareTab } from '@heliline/domain/fares/table';
import { useState } from 'react';
import { AdjustmentDates, CostDetailTable, FareTable, FeesTable, Reminders } from '../fares/FareTables.tsx';
import { TRAVEL_DOCUMENTS, documentHref } from '@heliline/domain/public-site/documents';
import { PdfLink } from '../shared/PdfLink.tsx';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../fares/fares.module.css';
import ui from '../shared/page.module.css';
import { pageMeta } from '../../../lib/site.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { Route } from './+types/fares';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, { title: 'titles.fares', description: 'site.meta.fares' });

/**
 * Fares: tabs low / high / res with the prices of the domain fare table (the numbers the booking
 * wizard charges), the fee tables, reminders and the travel documents. The tab opens on the
 * season of today in Rome, computed on load (the static HTML shows the spec's default, low).
 */
export default function Fares() {
  const { t, lang } = usePublicPage();
  // The visitor's choice, else today's season once hydrated (the static HTML shows 'low').
  const [chosen, setTab] = useState<FareTab | null>(null);
  const hydrated = useHydrated();
  const tab = chosen ?? (hydrated ? defaultFaresTab(romeToday()) : 'low');

  return (
    <div className={ui.page}>
      <h1 className={ui.title}>{t('titles.fares')}</h1>
      <p className={ui.lead}>{t('site.fares.lead', { date: toWireDate(TARIFF_IN_FORCE_FROM) })}</p>

      <div className={classes.tabs}>
        <div role="tablist" aria-label={t('site.fares.tabsLabel')} className={classes.tablist}>
          {FARE_TABS.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`fares-tab-${id}`}
              aria-controls={`fares-panel-${id}`}
              aria-selected={tab === id}
              tabIndex={tab === id ? 0 : -1}
              className={classes.tab}
              onClick={() => setTab(id)}
              onKeyDown={(e) => {
                const i = FARE_TABS.indexOf(id);
                const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? FARE_TABS.length - 1 : null;
                if (next === null) return;
                e.preventDefault();
                const target = FARE_TABS[(next + FARE_TABS.length) % FARE_TABS.length]!;
                setTab(target);
                document.getElementById(`fares-tab-${target}`)?.focus();
              }}
            >
              {t(`site.fares.tabs.${id}`)}
            </button>
          ))}
        </div>
        {FARE_TABS.map((id) => (
          <div key={id} role="tabpanel" id={`fares-panel-${id}`} aria-labelledby={`fares-tab-${id}`} hidden={tab !== id} tabIndex={0} className={classes.panel}>
            <p className={classes.period}>{t(`site.fares.periods.${id}`)}</p>
            <FareTable tab={id} t={t} lang={lang} />
          </div>
        ))}
      </div>

      <div className={classes.grid}>
        <FeesTable t={t} lang={lang} />
        <CostDetailTable t={t} lang={lang} />
      </div>
      <AdjustmentDates t={t} />
      <Reminders t={t} />

      <section aria-labelledby="fares-documents" className={classes.block}>
        <h2 id="fares-documents" className={ui.h2}>
          {t('site.fares.documentsTitle')}
        </h2>
        <ul className={classes.documents}>
          {TRAVEL_DOCUMENTS.map((slug) => (
            <li key={slug}>
              <PdfLink href={documentHref(lang, slug)}>{t(`site.fares.documents.${slug}`)}</PdfLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
