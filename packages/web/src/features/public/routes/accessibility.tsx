import { ACCESSIBILITY_STATEMENT } from '@heliline/domain/public-site/accessibility';
import { formatLongDate } from '@heliline/domain/i18n/formats';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BASE, CONTACTS, telHref } from '../shared/base.ts';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../accessibility/accessibility.module.css';
import ui from '../shared/page.module.css';
import { paths } from '../../../lib/paths.ts';
import { pageMeta, SITE_URL } from '../../../lib/site.ts';
import type { Route } from './+types/accessibility';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, { title: 'titles.accessibility', description: 'site.meta.accessibility' });

/**
 * The accessibility statement (issue 14), in the sections of AgID's model: the provider, the
 * conformance status, the content that is not accessible, how the statement was prepared (with the
 * date of the last check), feedback and contacts, and the enforcement procedure.
 */
export default function AccessibilityStatement() {
  const { t, lang, lp } = usePublicPage();
  const { lastCheck, drawnUp, answerDays } = ACCESSIBILITY_STATEMENT;
  const mailto = `mailto:${CONTACTS.companyEmail}?subject=${encodeURIComponent(t('site.accessibility.emailSubject'))}`;

  return (
    <div className={ui.page}>
      <h1 className={ui.title}>{t('titles.accessibility')}</h1>
      <div className={classes.statement}>
        <p className={ui.lead}>{t('site.accessibility.intro')}</p>
        <p>{t('site.accessibility.scope', { site: SITE_URL })}</p>

        <Section id="entity" title={t('site.accessibility.entityTitle')}>
          <address className={classes.address}>
            {BASE.name}
            <br />
            {BASE.street}, {BASE.postcode} {BASE.city} ({BASE.province})
            <br />
            {t('site.contacts.certifiedEmail')}: {CONTACTS.certifiedEmail}
          </address>
        </Section>

        <Section id="status" title={t('site.accessibility.statusTitle')}>
          <p>
            <strong data-testid="a11y-status">{t('site.accessibility.statusLabel')}</strong>
          </p>
          <p>{t('site.accessibility.status')}</p>
        </Section>

        <Section id="exceptions" title={t('site.accessibility.exceptionsTitle')}>
          <p>{t('site.accessibility.exceptionsLead')}</p>
          <h3 className={classes.h3}>{t('site.accessibility.nonComplianceTitle')}</h3>
          <ul className={classes.list}>
            <li>{t('site.accessibility.pdf')}</li>
            <li>{t('site.accessibility.video')}</li>
            <li>{t('site.accessibility.staff')}</li>
          </ul>
          <h3 className={classes.h3}>{t('site.accessibility.outOfScopeTitle')}</h3>
          <ul className={classes.list}>
            <li>{t('site.accessibility.payment')}</li>
          </ul>
        </Section>

        <Section id="method" title={t('site.accessibility.methodTitle')}>
          <p>{t('site.accessibility.drawnUp', { date: formatLongDate(drawnUp, lang) })}</p>
          <p>{t('site.accessibility.method')}</p>
          <p>
            {t('site.accessibility.lastCheck')}{' '}
            <time dateTime={lastCheck} data-testid="a11y-last-check" className={classes.date}>
              {formatLongDate(lastCheck, lang)}
            </time>
          </p>
        </Section>

        <Section id="feedback" title={t('site.accessibility.feedbackTitle')}>
          <p>{t('site.accessibility.feedback', { days: answerDays })}</p>
          <dl className={classes.contacts}>
            <dt>{t('site.contacts.companyEmail')}</dt>
            <dd>
              <a href={mailto}>{CONTACTS.companyEmail}</a>
            </dd>
            <dt>{t('site.contacts.bookingsPhone')}</dt>
            <dd>
              <a href={telHref(CONTACTS.bookingsPhone)}>{CONTACTS.bookingsPhone}</a>
            </dd>
          </dl>
          <p>
            <Link to={lp(paths.contacts)} className={ui.link}>
              {t('site.accessibility.contactsLink')}
            </Link>
          </p>
        </Section>

        <Section id="enforcement" title={t('site.accessibility.enforcementTitle')}>
          <p>{t('site.accessibility.enforcement', { days: answerDays })}</p>
        </Section>
      </div>
    </div>
  );
}

/** One section of the statement, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`a11y-${id}`} className={classes.section}>
      <h2 id={`a11y-${id}`} className={ui.h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}
