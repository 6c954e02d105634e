import { fileURLToPath } from 'node:url';
import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './scripts/public-pages.ts';
import { hydratePublicPagesWithoutRouter } from './scripts/public-hydration.ts';
import { writeSiteFiles } from './scripts/site-files.ts';
import { writeRoutePreloads } from './scripts/route-preloads.ts';
import { writeSpaRoutes } from './scripts/spa-routes.ts';

/**
 * Framework mode without a runtime server (decision 007): every public page is rendered to
 * build/client/<path>/index.html in its language at build time and hydrates; every other path
 * gets the SPA fallback (build/client/__spa-fallback.html). After the build, the public pages'
 * own client entry is built and each page is set to hydrate with it, without React Router,
 * after its first paint (scripts/public-hydration.ts, decision 033), then sitemap.xml,
 * robots.txt, the CSP hashes of the inline scripts, the route list the server redirects
 * unknown paths by (scripts/spa-routes.ts) and each app screen's preloads
 * (scripts/route-preloads.ts) are written beside the pages.
 */
export default {
  appDirectory: 'src',
  ssr: false,
  prerender: () => prerenderPaths(),
  async buildEnd({ buildManifest }) {
    const clientDir = fileURLToPath(new URL('./build/client/', import.meta.url));
    if (!buildManifest) throw new Error('React Router gave buildEnd no manifest: the server needs the route list');
    console.log(`spa routes: ${await writeSpaRoutes(clientDir, buildManifest.routes)} path patterns`);
    console.log(`route preloads: ${await writeRoutePreloads(clientDir, buildManifest.routes)} screens`);
    // Before the CSP hashes are taken: the rewrite replaces the pages' inline scripts.
    console.log(`public pages hydrated without the router: ${await hydratePublicPagesWithoutRouter(clientDir, buildManifest.routes)}`);
    await writeSiteFiles(clientDir);
  },
} satisfies Config;
