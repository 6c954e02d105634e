import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { localizedPath, paths, usePageLang } from '../../lib/paths.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import classes from './layout.module.css';
import { mainNav } from './nav-items.ts';

const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

/** Plain HTML and CSS (no UI library): it is on every prerendered page. */
export function SiteHeader() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const [opened, setOpened] = useState(false);
  // The drawer's code loads on the first open.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const items = mainNav(lang);

  // Close the mobile menu whenever the page changes (state adjusted while rendering, as React
  // recommends, rather than in an effect that would render twice).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpened(false);
  }

  return (
    <header className={classes.header}>
      <div className={`hl-container ${classes.inner}`}>
        <Link to={localizedPath(paths.home, lang)} className={classes.brand} aria-label={t('app.homeLink')}>
          <Logo />
        </Link>

        <nav aria-label={t('nav.main')} className={classes.desktopOnly}>
          <ul className={classes.nav}>
            {items.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} end={item.end} className={classes.navLink}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={`${classes.actions} ${classes.desktopOnly}`}>
          <LanguageSwitch />
          <AccountMenu />
        </div>

        <div className={`${classes.actions} ${classes.mobileOnly}`}>
          <LanguageSwitch />
          <button
            ref={burgerRef}
            type="button"
            className={classes.burger}
            onClick={() => {
              setMenuLoaded(true);
              setOpened((o) => !o);
            }}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls={menuLoaded ? 'mobile-menu' : undefined}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={() => {
              setOpened(false);
              burgerRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
