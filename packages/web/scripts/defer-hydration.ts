import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A prerendered page shows everything before its JavaScript runs, so its scripts wait for the
 * first paint (decision 029). React Router writes a `<link rel="modulepreload">` per module
 * and a bootstrap module script whose static imports start every download while the page's
 * HTML and CSS are still arriving: on a weak mobile link the text then paints only after
 * ~150 KB of scripts. Rewritten, the bootstrap first waits for the first contentful paint,
 * then adds the same preload links (the downloads stay parallel) and imports the same modules in
 * the same order.
 */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]!);
  const bootstrap = /<script type="module" async="">([\s\S]*?window\.__reactRouterRouteModules[\s\S]*?)<\/script>/.exec(html);
  if (!bootstrap || preloads.length === 0) return html;
  const imports = bootstrap[1]!.replace(/^import \* as (\w+) from ("[^"]+");$/gm, 'const $1 = await import($2);').replace(/^import ("[^"]+");$/gm, 'await import($1);');
  if (/^import\s/m.test(imports)) throw new Error('deferHydration: a static import the rewrite does not know');
  const script = [
    // The first contentful paint as the browser reports it (after the frame is on screen); two
    // frames where paint timing is missing; at once in a hidden tab, which paints nothing; and
    // in any case after 3 s.
    'await new Promise((start) => {',
    '  if (document.visibilityState === "hidden") return setTimeout(start);',
    '  setTimeout(start, 3000);',
    '  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));',
    '  new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length && start()).observe({ type: "paint", buffered: true });',
    '});',
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    imports.trim(),
  ].join('\n');
  return html.replace(/<link rel="modulepreload" href="[^"]+"\/>/g, '').replace(bootstrap[0], `<script type="module" async="">${script}</script>`);
}

/** Rewrites every prerendered page of the client build; the SPA fallback has nothing to paint before its scripts run. */
export async function deferHydrationOfPages(clientDir: string): Promise<number> {
  let pages = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name === 'index.html') {
        const html = await readFile(path, 'utf8');
        const deferred = deferHydration(html);
        if (deferred !== html) {
          await writeFile(path, deferred);
          pages++;
        }
      }
    }
  };
  await walk(clientDir);
  return pages;
}
