import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RouteObject, UNSAFE_decodeViaTurboStream, matchRoutes } from 'react-router';
import { build } from 'vite';
import { alternatesOf, hasCounterpart, langFromPath } from '../src/lib/paths.ts';
import { SHELL_PARTS } from '../src/app/layout/shell-parts.ts';
import { PAGE_DATA_ID, type PrerenderedPage } from '../src/lib/router-lite/page-data.ts';
import type { ManifestRoute } from './spa-routes.ts';

/**
 * Prerendered public pages hydrate without React Router (decision 033). After React Router has
 * built and prerendered the site, the public entry (src/entry.public.tsx) is built into the same
 * assets by vite.public.config.ts, and every prerendered page is rewritten: React Router's
 * context, loader-data stream and bootstrap scripts leave the page, and in their place the head
 * gets the page's routes, params and loader data as JSON (what React Router would have hydrated
 * with) and a bootstrap that, after the first paint, preloads the entry, the page's route modules
 * and its dictionaries, and starts the entry.
 */

/** Vite's build manifest: one entry per source module (`src/entry.public.tsx`) or shared chunk. */
type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The first contentful paint as the browser reports it (after the frame is on screen); two frames
 * where paint timing is missing; at once in a hidden tab, which paints nothing; and in any case
 * after 3 s (decision 029: a weak mobile link paints the text before ~100 KB of scripts arrive).
 */
const AFTER_FIRST_PAINT = [
  'await new Promise((start) => {',
  '  if (document.visibilityState === "hidden") return setTimeout(start);',
  '  setTimeout(start, 3000);',
  '  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));',
  '  new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length && start()).observe({ type: "paint", buffered: true });',
  '});',
].join('\n');

/**
 * Requests the page's modules a few per task: the browser's main thread spends 1–2.5 ms starting
 * each request (more under Lighthouse's instrumentation), and fourteen in one task made a long
 * task of their own after the first paint (Total Blocking Time at 4× CPU).
 */
const PRELOADS_PER_TASK = 4;

/**
 * The files a module needs before it runs: its own and its static imports', in load order. Chunks
 * may import each other (a shared module placed in a group's chunk), so each is visited once.
 */
export function moduleFiles(manifest: ViteManifest, key: string, out = new Set<string>(), visited = new Set<string>()): Set<string> {
  if (visited.has(key)) return out;
  visited.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`public hydration: ${key} is not in the public build`);
  for (const imported of chunk.imports ?? []) moduleFiles(manifest, imported, out, visited);
  out.add(`/${chunk.file}`);
  return out;
}

/** React Router's route tree (as `matchRoutes` takes it) from the build manifest's flat list. */
export function routeTree(routes: Record<string, ManifestRoute | undefined>): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((r): r is ManifestRoute => !!r && r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: children(r.id) }));
  return children(undefined);
}

/** The loader data React Router streamed into the page (turbo-stream), by route id. */
export async function streamedLoaderData(html: string): Promise<Record<string, unknown>> {
  const chunks = [...html.matchAll(/window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)].map((m) => JSON.parse(m[1]!) as string);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const decoded = await UNSAFE_decodeViaTurboStream(body, globalThis as unknown as Window & typeof globalThis);
  await decoded.done;
  return (decoded.value as { loaderData?: Record<string, unknown> }).loaderData ?? {};
}

/**
 * A visitor whose stored language differs from the page's goes to the page's copy in that
 * language before anything paints (the rule of SiteShell's language sync, which applies it on
 * the app's client navigations; here the page's copy is known at build time).
 */
export function languageRedirect(path: string): string {
  const lang = langFromPath(path);
  const copies = hasCounterpart(path) ? alternatesOf(path) : null;
  if (!lang || !copies) return '';
  const other = lang === 'it' ? 'en' : 'it';
  return `<script>try{if(localStorage.getItem("lang")===${JSON.stringify(other)})location.replace(${JSON.stringify(copies[other])}+location.search+location.hash)}catch(e){}</script>`;
}

const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * One page: React Router's scripts out, the page data and the public bootstrap into the head.
 * Throws when the page does not have the shape this expects, so a React Router upgrade that
 * changes it fails the build instead of shipping pages that never hydrate.
 */
export function rewritePage(html: string, page: PrerenderedPage, preloads: string[], entry: string, redirect = ''): string {
  const withoutRouter = html
    .replace(/<link rel="modulepreload" href="[^"]+"\/>/g, '')
    // React Router marks the stylesheets a lazy module also imports with a trailing '#', so that
    // Vite's loader adds them again and a client navigation cannot remove them. A public page has
    // no client navigation, and the mark only made the loader link each one a second time: a
    // style recalculation and layout of the whole page, at 4× CPU a long task of its own.
    .replace(/(<link rel="stylesheet" href="[^"#]+\.css)#"/g, '$1"')
    .replace(/<script>window\.__reactRouterContext[\s\S]*?<\/script>/g, '')
    .replace(/<script type="module" async="">[\s\S]*?window\.__reactRouterRouteModules[\s\S]*?<\/script>/, '')
    // The Suspense markers that were around the loader-data scripts.
    .replace(/(?:<!--\/?\$-->)+<\/body>/, '</body>');
  const body = /<body>([\s\S]*)<\/body>/.exec(withoutRouter)?.[1];
  const shellParts = Object.values(SHELL_PARTS).every((id) => body?.includes(` id="${id}"`));
  if (!body?.startsWith('<div') || !body.endsWith('</div>') || !shellParts || /<script[\s>]/.test(body) || withoutRouter.includes('__reactRouter')) {
    throw new Error('public hydration: React Router scripts the rewrite does not know, or a body that is not the site shell alone');
  }
  const bootstrap = [
    AFTER_FIRST_PAINT,
    `const preloads = ${JSON.stringify(preloads)};`,
    `for (let i = 0; i < preloads.length; i += ${PRELOADS_PER_TASK}) {`,
    '  if (i) await new Promise((next) => setTimeout(next));',
    `  for (const href of preloads.slice(i, i + ${PRELOADS_PER_TASK})) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    '}',
    `import(${JSON.stringify(entry)});`,
  ].join('\n');
  // The redirect first in the head: a script after the stylesheets would wait for them.
  return withoutRouter
    .replace(/<head>(<meta charSet="utf-8"\/>)?/, (head) => head + redirect)
    .replace('</head>', `<script type="application/json" id="${PAGE_DATA_ID}">${jsonInHtml(page)}</script><script type="module" async="">${bootstrap}</script></head>`);
}

/** Every index.html under the client build but the SPA fallback, with the path it is served at. */
async function prerenderedPages(clientDir: string): Promise<{ file: string; path: string }[]> {
  const pages: { file: string; path: string }[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.name === 'index.html') pages.push({ file, path: `/${relative(clientDir, dir).split('\\').join('/')}`.replace(/\/$/, '') || '/' });
    }
  };
  await walk(clientDir);
  return pages;
}

/** Builds the public entry and rewrites every prerendered page to hydrate with it; returns how many. */
export async function hydratePublicPagesWithoutRouter(clientDir: string, routes: Record<string, ManifestRoute | undefined>): Promise<number> {
  const { PUBLIC_MANIFEST } = await import('../vite.public.config.ts');
  await build({ configFile: fileURLToPath(new URL('../vite.public.config.ts', import.meta.url)) });
  const manifestFile = join(clientDir, PUBLIC_MANIFEST);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ViteManifest;
  await rm(manifestFile);

  const entryKey = 'src/entry.public.tsx';
  const entry = `/${manifest[entryKey]!.file}`;
  const tree = routeTree(routes);
  const pages = await prerenderedPages(clientDir);
  for (const { file, path } of pages) {
    const matches = matchRoutes(tree, path);
    if (!matches) throw new Error(`public hydration: no route renders ${path}`);
    const html = await readFile(file, 'utf8');
    const loaderData = await streamedLoaderData(html);
    const pageRoutes = matches.filter((m) => m.route.id !== 'root').map((m) => ({ id: m.route.id!, file: routes[m.route.id!]!.file }));
    const page: PrerenderedPage = {
      params: matches.at(-1)!.params,
      routes: pageRoutes.map(({ id, file: routeFile }) => ({ file: routeFile, loaderData: loaderData[id] ?? null })),
    };
    // The page's dictionaries are what the entry awaits before hydrating: fetched beside it.
    const lang = langFromPath(path) ?? 'it';
    const dictionaries = [`src/i18n/${lang}.json`, `src/i18n/site.${lang}.json`].filter((key) => manifest[key]);
    const preloads = new Set([
      ...moduleFiles(manifest, entryKey),
      ...pageRoutes.flatMap(({ file: routeFile }) => [...moduleFiles(manifest, `src/${routeFile}`)]),
      ...dictionaries.flatMap((key) => [...moduleFiles(manifest, key)]),
    ]);
    await writeFile(file, rewritePage(html, page, [...preloads], entry, languageRedirect(path)));
  }
  return pages.length;
}
