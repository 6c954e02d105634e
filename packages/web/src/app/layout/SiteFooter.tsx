import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { CONTACTS, telHref } from '../../features/public/shared/base.ts';
import { localizedPath, paths, usePageLang } from '../../lib/paths.ts';
import classes from './layout.module.css';

export function SiteFooter() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const links = [
    { to: localizedPath(paths.contacts, lang), label: t('footer.contacts') },
    { to: paths.directions(lang), label: t('footer.directions') },
    { to: localizedPath(paths.fares, lang), label: t('footer.fares') },
    { to: localizedPath(paths.timetable, lang), label: t('footer.timetable') },
    { to: paths.accessibility(lang), label: t('footer.accessibility') },
  ];
  return (
    <footer className={classes.footer}>
      <div className={`hl-container ${classes.footerGrid}`}>
        <div>
          <Logo inverted />
          <p className={classes.footerText}>{t('footer.about')}</p>
        </div>
        <div>
          <h2 className={classes.footerTitle}>{t('footer.basesTitle')}</h2>
          <p className={classes.footerText}>{t('footer.bases')}</p>
        </div>
        <section aria-labelledby="footer-help-title" data-testid="footer-help">
          <h2 className={classes.footerTitle} id="footer-help-title">
            {t('footer.helpTitle')}
          </h2>
          {/* WCAG 3.2.6 Consistent Help: one footer on every page (root shell), so these sit in the same place and order everywhere. */}
          <ul className={classes.footerLinks}>
            <li>
              <Link to={localizedPath(paths.contacts, lang)} className={classes.footerLink}>
                {t('footer.helpContacts')}
              </Link>
            </li>
            <li className={classes.footerItem}>
              {t('footer.helpPhone')}: <a href={telHref(CONTACTS.bookingsPhone)}>{CONTACTS.bookingsPhone}</a>
            </li>
            <li className={classes.footerItem}>
              {t('footer.helpEmail')}: <a href={`mailto:${CONTACTS.flightAssistanceEmail}`}>{CONTACTS.flightAssistanceEmail}</a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-links-title">
          <h2 className={classes.footerTitle} id="footer-links-title">
            {t('footer.linksTitle')}
          </h2>
          <ul className={classes.footerLinks}>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={classes.footerLink}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={`hl-container ${classes.footerRights}`}>{t('footer.rights', { year: BUILD_YEAR })}</p>
    </footer>
  );
}

/** The year at build time: the prerendered HTML and the hydrated page must agree. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR ?? new Date().getFullYear());
