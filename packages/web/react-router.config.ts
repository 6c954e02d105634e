import { fileURLToPath } from 'node:url';
import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './scripts/public-pages.ts';
import { writeSiteFiles } from './scripts/site-files.ts';
import { writeSpaRoutes } from './scripts/spa-routes.ts';

/**
 * Framework mode without a runtime server (decision 007): every public page is rendered to
 * build/client/<path>/index.html in its language at build time and hydrated by React Router;
 * every other path gets the SPA fallback (build/client/__spa-fallback.html). After the build,
 * sitemap.xml, robots.txt, the CSP hashes of the inline scripts and the route list the server
 * redirects unknown paths by (scripts/spa-routes.ts) are written beside the pages.
 */
export default {
  appDirectory: 'src',
  ssr: false,
  prerender: () => prerenderPaths(),
  async buildEnd({ buildManifest }) {
    const clientDir = fileURLToPath(new URL('./build/client/', import.meta.url));
    if (!buildManifest) throw new Error('React Router gave buildEnd no manifest: the server needs the route list');
    console.log(`spa routes: ${await writeSpaRoutes(clientDir, buildManifest.routes)} path patterns`);
    await writeSiteFiles(clientDir);
  },
} satisfies Config;
