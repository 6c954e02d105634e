import { type ComponentType, type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { options } from 'preact';
import { hydrateRoot } from 'react-dom/client';
import { SiteShell } from './app/layout/SiteShell.tsx';
import { areasFor, loadDictionaries, prepareI18n, readStoredLang } from './i18n/index.ts';
import { langFromPath } from './lib/paths.ts';
import { type Location, RouteProvider } from './lib/router-lite/index.tsx';
import { PAGE_DATA_ID, PAGE_ROOT_ID, type PrerenderedPage } from './lib/router-lite/page-data.ts';

/**
 * The client entry of the prerendered public pages (decision 033): it hydrates the page's site
 * shell and route components without React Router, which the app screens keep. The page says
 * which route modules it was rendered from, with their params and loader data, in a JSON script
 * written at build time (scripts/public-hydration.ts). In this build (vite.public.config.ts)
 * 'react-router' is lib/router-lite, the one this file imports, and React is Preact.
 */
// Preact renders without time slicing: the updates that follow hydration (the browser's own
// values, the widgets that appear once idle) each render in a task of their own, so none of them
// lengthens the hydration's task (Total Blocking Time on a slow phone).
options.debounceRendering = (render) => setTimeout(render);

const routeModules = import.meta.glob<{ default: ComponentType }>('./features/public/routes/*.tsx');

const page = JSON.parse(document.getElementById(PAGE_DATA_ID)!.textContent!) as PrerenderedPage;
const { pathname, search, hash } = window.location;
const location: Location = { pathname, search, hash, state: null, key: 'default' };
const urlLang = langFromPath(pathname) ?? 'it';
const areas = areasFor(pathname);
const stored = readStoredLang();
if (stored && stored !== urlLang) void loadDictionaries(stored, areas);

const load = (file: string) => {
  const module = routeModules[`./${file}`];
  if (!module) throw new Error(`entry.public: no route module ${file}`);
  return module();
};

/** The route components inside out, as React Router nests them: each one's <Outlet /> is the next. */
function nest(components: ComponentType[]): ReactNode {
  return components.reduceRight<ReactNode>(
    (outlet, Component, level) => (
      <RouteProvider value={{ location, params: page.params, loaderData: page.routes[level]!.loaderData, outlet }}>
        <Component />
      </RouteProvider>
    ),
    null,
  );
}

/** Marks <html data-hydrated> once the page has hydrated (what the browser tests wait for). */
function HydrationMark() {
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return null;
}

async function hydrate() {
  const [modules] = await Promise.all([Promise.all(page.routes.map((route) => load(route.file))), prepareI18n(urlLang, areas).catch(() => undefined)]);
  startTransition(() => {
    hydrateRoot(
      document.getElementById(PAGE_ROOT_ID)!,
      <StrictMode>
        <RouteProvider value={{ location, params: page.params, loaderData: undefined, outlet: null }}>
          <SiteShell>{nest(modules.map((m) => m.default))}</SiteShell>
          <HydrationMark />
        </RouteProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
