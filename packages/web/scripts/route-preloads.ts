import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ManifestRoute, screenRoutes } from './spa-routes.ts';

/** A route in React Router's client manifest (build/client/assets/manifest-*.js): its chunk, the chunks it imports, its stylesheets. */
export interface ClientRoute {
  module: string;
  imports?: string[];
  css?: string[];
}

/** The app shell's own file, served for every app screen (decision 007). */
export const SPA_FALLBACK = '__spa-fallback.html';

/**
 * The `Link` preloads each app screen needs beyond what the app shell's HTML already lists: the
 * stylesheets, then the chunks and their static imports, of every route from the root down to
 * the screen's. The shell names only the runtime and the root route, so the browser learnt of
 * the screen's own modules from the router after the runtime had run, and of their imports after
 * those had arrived: two or three round trips one after the other on a phone's network. Sent
 * with the shell (plugins/web.ts), they all download beside the runtime. Only static imports:
 * what a screen loads lazily stays lazy. At low priority: on a weak network the shell's own
 * stylesheet and first paint come first (docs/performance.md, "Each app screen's modules with
 * the shell").
 */
export function routePreloads(
  routes: Record<string, ManifestRoute | undefined>,
  client: Record<string, ClientRoute | undefined>,
  inShell: ReadonlySet<string>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { route, pattern } of screenRoutes(routes)) {
    const chain: ClientRoute[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
      const entry = client[r.id];
      if (entry) chain.unshift(entry);
    }
    const styles = new Set(chain.flatMap((c) => c.css ?? []));
    const modules = new Set(chain.flatMap((c) => [...(c.imports ?? []), c.module]));
    const links = [
      ...[...styles].filter((href) => !inShell.has(href)).map((href) => `<${href}>; rel=preload; as=style; fetchpriority=low`),
      ...[...modules].filter((href) => !inShell.has(href)).map((href) => `<${href}>; rel=modulepreload; fetchpriority=low`),
    ];
    if (links.length > 0) out[pattern] = links;
  }
  return out;
}

/** The files the shell's HTML already links (modulepreload and stylesheets; React Router marks some stylesheets with '#'). */
export function shellLinks(html: string): Set<string> {
  return new Set([...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" href="(\/assets\/[^"#?]+)[^"]*"/g)].map((m) => m[1]!));
}

/** React Router's client manifest: `window.__reactRouterManifest={…};` in the module the shell preloads. */
export function parseClientManifest(source: string): { routes: Record<string, ClientRoute | undefined> } {
  const json = source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '');
  return JSON.parse(json) as { routes: Record<string, ClientRoute | undefined> };
}

/** Writes build/client/route-preloads.json (read by the server at start, never served): pattern → Link values. */
export async function writeRoutePreloads(clientDir: string, routes: Record<string, ManifestRoute | undefined>): Promise<number> {
  const shell = await readFile(join(clientDir, SPA_FALLBACK), 'utf8');
  const manifestHref = /<link rel="modulepreload" href="(\/assets\/manifest-[^"]+\.js)"/.exec(shell)?.[1];
  if (!manifestHref) throw new Error(`${SPA_FALLBACK} preloads no React Router manifest: the route preloads cannot be written`);
  const client = parseClientManifest(await readFile(join(clientDir, manifestHref), 'utf8'));
  const preloads = routePreloads(routes, client.routes, shellLinks(shell));
  await writeFile(join(clientDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
  return Object.keys(preloads).length;
}
