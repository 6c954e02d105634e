import './app/global.css';
import './i18n/index.ts';

import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/root';
import { LanguageRedirect } from './app/layout/LanguageRedirect.tsx';
import { SiteShell } from './app/layout/SiteShell.tsx';
import { LogoMark } from './components/Logo.tsx';
import { PageLoader } from './components/PageLoader.tsx';
import { areasFor, hasDictionaries, loadDictionaries } from './i18n/index.ts';
import { usePageLang } from './lib/paths.ts';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function meta(): Route.MetaDescriptors {
  return [
    { title: 'Heliline' },
    {
      name: 'description',
      content:
        'Heliline: voli di linea in elicottero tra Foggia, le Isole Tremiti, Vieste e Peschici. Scheduled helicopter flights between Foggia, the Tremiti Islands, Vieste and Peschici.',
    },
  ];
}

/**
 * The document. No UI library here: public pages paint with the shell's own CSS; screens that
 * use Mantine and TanStack Query get their providers from app/mantine-layout.tsx.
 * `data-mantine-color-scheme` is static so Mantine's stylesheet needs no inline script.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <html lang={i18n.language} data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d2b57" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/**
 * A client navigation into another area (e.g. from a public page to the booking wizard) first
 * loads that area's dictionaries: suspending inside the router's transition keeps the old page
 * on screen until they are in.
 */
function useAreaDictionaries() {
  const { pathname } = useLocation();
  const lang = usePageLang();
  const areas = areasFor(pathname);
  if (!hasDictionaries(lang, areas)) use(loadDictionaries(lang, areas));
}

export default function App() {
  useAreaDictionaries();
  return (
    <>
      <LanguageRedirect />
      <SiteShell>
        <Outlet />
      </SiteShell>
    </>
  );
}

/** First load of a route whose clientLoader is still running (e.g. the user check of /account). */
export function HydrateFallback() {
  return (
    <SiteShell>
      <PageLoader />
    </SiteShell>
  );
}

/** Any uncaught render or loader failure: a friendly page with a way out. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <div className="hl-container" style={{ maxWidth: 640, padding: '80px 16px', textAlign: 'center' }}>
      <title>{`${t('errors.boundaryTitle')} · Heliline`}</title>
      <LogoMark size={64} />
      <h1 style={{ color: 'var(--hl-navy-9)' }}>{t('errors.boundaryTitle')}</h1>
      <p style={{ fontSize: 18 }}>{t('errors.boundaryText')}</p>
      {status ? <p style={{ color: 'var(--hl-dimmed)' }}>HTTP {status}</p> : null}
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center' }}>
        <button type="button" className="hl-button" data-variant="default" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <a className="hl-button" href="/">
          {t('common.backHome')}
        </a>
      </p>
    </div>
  );
}
