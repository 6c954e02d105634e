import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { ASSETS_INLINE_LIMIT, aliases, defines } from './vite.shared.ts';

export const PUBLIC_MANIFEST = '.vite/public-manifest.json';

/**
 * This build puts the month calendar in a chunk of its own, as React Router's build does by
 * itself (the timetable route and the app's date fields share it). Its
 * stylesheet then has the same rules, and so the same name, in both builds: a public page links
 * React Router's build's stylesheets and the public build loads one by that name instead of
 * linking the same rules twice (decision 034; e2e: "public pages link each stylesheet once").
 * Given to React Router's build too, the group pulled 3 KB more into /login's first load.
 * The group takes the calendar's own modules only: with their dependencies it also took Preact
 * and the domain's date formats, which every public page imports, so every page loaded the
 * calendar (2 KB more on /, 3 KB on the company pages).
 */
const CALENDAR_CHUNK = {
  groups: [{ name: 'MonthCalendar', test: /[\\/]src[\\/]components[\\/]calendar[\\/]/, includeDependenciesRecursively: false }],
};

const ASSETS_DIR = fileURLToPath(new URL('./build/client/assets/', import.meta.url));
/** A stylesheet's content hash and extension: the same in both builds for the same rules. */
const hashOf = (file: string) => file.slice(-'01234567.css'.length);

/**
 * Lazy modules load the stylesheets of the chunks they import; this build's shell chunk is the
 * entry, so its rules are entry-*.css here and React Router's layout-*.css on the page. Vite's
 * loader looks for a stylesheet among the page's links by name, and linking the same rules twice
 * restyles and lays out the whole page once more (a long task at 4× CPU). So a stylesheet React
 * Router's build already wrote with the same content is loaded by that build's name. Vite writes
 * the lists of stylesheets into the chunks last, so the written files are rewritten.
 */
function loadAppStylesheetsByTheirName(): Plugin {
  let appStylesheets: string[] = [];
  return {
    name: 'heliline:app-stylesheets-by-their-name',
    buildStart() {
      appStylesheets = existsSync(ASSETS_DIR) ? readdirSync(ASSETS_DIR).filter((f) => f.endsWith('.css')) : [];
    },
    writeBundle(options, bundle) {
      const renames = Object.keys(bundle)
        .filter((file) => file.endsWith('.css'))
        .flatMap((file) => {
          const same = appStylesheets.find((appFile) => `assets/${appFile}` !== file && hashOf(appFile) === hashOf(file));
          return same ? [[`"${file}"`, `"assets/${same}"`] as const] : [];
        });
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const path = join(options.dir!, output.fileName);
        const code = readFileSync(path, 'utf8');
        const renamed = renames.reduce((text, [from, to]) => text.replaceAll(from, to), code);
        if (renamed !== code) writeFileSync(path, renamed);
      }
    },
  };
}

/**
 * The client build of the prerendered public pages (decision 033), run after React Router's
 * build into the same build/client/assets: src/entry.public.tsx and the public route modules,
 * with 'react-router' replaced by lib/router-lite and React by Preact, so a public page downloads
 * a 10 KB runtime and its own code, not React and the router. The stylesheets are React Router's
 * build's, already linked by every prerendered page (CSS modules give the same class names in
 * both builds); Vite's loader skips those a lazy module imports (by name, see the plugin above)
 * and links only what a widget loaded later (the carousel) brings of its own.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  plugins: [loadAppStylesheetsByTheirName()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: fileURLToPath(new URL('./src/lib/router-lite/index.tsx', import.meta.url)) },
      // Preact's React compatibility layer in place of React: ~50 KB (gzip) less on every public
      // page. The app screens keep React (decision 033).
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      ...aliases,
    ],
  },
  define: defines,
  logLevel: 'warn',
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    manifest: PUBLIC_MANIFEST,
    assetsInlineLimit: ASSETS_INLINE_LIMIT,
    sourcemap: process.env.HELILINE_SOURCEMAP === '1',
    rollupOptions: {
      input: fileURLToPath(new URL('./src/entry.public.tsx', import.meta.url)),
      output: { codeSplitting: CALENDAR_CHUNK },
    },
  },
});
