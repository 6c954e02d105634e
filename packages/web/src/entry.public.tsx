import type { ComponentType, ReactNode } from 'react';
import { options } from 'preact';
import { hydrateRoot } from 'react-dom/client';
import { SiteHeader } from './app/layout/SiteHeader.tsx';
import { SHELL_PARTS } from './app/layout/shell-parts.ts';
import { areasFor, prepareI18n } from './i18n/index.ts';
import { langFromPath } from './lib/paths.ts';
import { type Location, RouteProvider } from './lib/router-lite/index.tsx';
import { PAGE_DATA_ID, type PrerenderedPage } from './lib/router-lite/page-data.ts';

/**
 * The client entry of the prerendered public pages (decision 033): it hydrates the site shell's
 * header and the page's route components without React Router, which the app screens keep. Each
 * part is a root of its own, hydrated in a task of its own: Preact has no time slicing, and a
 * phone answers a tap between two parts. The footer is not hydrated: on a prerendered page it is
 * text and links that load documents, nothing a script would change, and hydrating it was a task
 * of its own on every page (Total Blocking Time). The shell's hooks have nothing to do on
 * a prerendered page: its language is the URL's (a different stored choice has already moved
 * the visitor, scripts/public-hydration.ts) and every link loads a document. The page says
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

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function hydrate() {
  const [modules] = await Promise.all([Promise.all(page.routes.map((route) => load(route.file))), prepareI18n(urlLang, areas).catch(() => undefined)]);
  const parts: [string, ReactNode][] = [
    [SHELL_PARTS.header, <SiteHeader />],
    [SHELL_PARTS.main, nest(modules.map((m) => m.default))],
  ];
  for (const [id, part] of parts) {
    await nextTask();
    hydrateRoot(document.getElementById(id)!, <RouteProvider value={{ location, params: page.params, loaderData: undefined, outlet: null }}>{part}</RouteProvider>);
  }
  await nextTask();
  document.documentElement.setAttribute('data-hydrated', '');
}

void hydrate();
