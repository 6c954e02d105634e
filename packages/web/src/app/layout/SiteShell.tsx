import type { ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { readStoredLang, setLang, showLang } from '../../i18n/index.ts';
import { hasCounterpart, langFromPath, localizedPath } from '../../lib/paths.ts';
import classes from './layout.module.css';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/**
 * The language rule (decision 007). Public pages are in the language of their URL; after
 * hydration a visitor whose stored choice differs is moved to the page's copy in that language.
 * Other screens hydrate in Italian (their SPA fallback HTML) and then switch in place to the
 * stored choice, or to a ?lang=it|en in the address (as /login?lang= links carry), remembered.
 */
function useLanguageSync() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const urlLang = langFromPath(pathname);

  useLayoutEffect(() => {
    const stored = readStoredLang();
    if (urlLang) {
      if (stored && stored !== urlLang && hasCounterpart(pathname)) {
        void navigate(localizedPath(pathname, stored) + search + hash, { replace: true });
      }
      return;
    }
    const fromQuery = new URLSearchParams(search).get('lang');
    if (fromQuery === 'it' || fromQuery === 'en') setLang(fromQuery);
    else if (stored) setLang(stored);
    else document.documentElement.lang = 'it';
    // Once, on the first render after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Moving between public pages of different languages (links, back/forward): follow the URL.
  useLayoutEffect(() => {
    if (urlLang) void showLang(urlLang);
  }, [urlLang]);

  useLayoutEffect(() => {
    if (urlLang) return;
    const fromQuery = new URLSearchParams(search).get('lang');
    if (fromQuery === 'it' || fromQuery === 'en') setLang(fromQuery);
  }, [search, urlLang]);
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
