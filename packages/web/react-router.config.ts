import { fileURLToPath } from 'node:url';
import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './scripts/public-pages.ts';
import { deferHydrationOfPages } from './scripts/defer-hydration.ts';
import { writeSiteFiles } from './scripts/site-files.ts';

/**
 * Framework mode without a runtime server (decision 007): every public page is rendered to
 * build/client/<path>/index.html in its language at build time and hydrates; every other path
 * gets the SPA fallback (build/client/__spa-fallback.html). After the build, each page's scripts
 * are set to start after its first paint (scripts/defer-hydration.ts), then sitemap.xml,
 * robots.txt and the CSP hashes of the inline scripts are written beside the pages.
 */
export default {
  appDirectory: 'src',
  ssr: false,
  prerender: () => prerenderPaths(),
  async buildEnd() {
    const clientDir = fileURLToPath(new URL('./build/client/', import.meta.url));
    // Before the CSP hashes are taken: the rewrite changes the bootstrap script.
    console.log(`deferred hydration: ${await deferHydrationOfPages(clientDir)} prerendered pages`);
    await writeSiteFiles(clientDir);
  },
} satisfies Config;
