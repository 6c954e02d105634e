import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
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
