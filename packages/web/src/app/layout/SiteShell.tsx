import type { ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readStoredLang, setLang } from '../../i18n/index.ts';
import classes from './layout.module.css';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/**
 * Applies the stored language once on the client, before the first paint after hydration (the
 * build-time HTML is always Italian); a ?lang=it|en in the address (as /login?lang= links carry)
 * wins and is remembered.
 */
function useLanguageSync() {
  const { search } = useLocation();
  useLayoutEffect(() => {
    const stored = readStoredLang();
    if (stored) setLang(stored);
    else document.documentElement.lang = 'it';
  }, []);
  useLayoutEffect(() => {
    const fromQuery = new URLSearchParams(search).get('lang');
    if (fromQuery === 'it' || fromQuery === 'en') setLang(fromQuery);
  }, [search]);
}

/** Every navigation scrolls to the top (spec §2) and moves focus to the new page for screen readers. */
function useNavigationFocus(mainRef: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  useLanguageSync();
  useNavigationFocus(mainRef);
  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
