import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { ASSETS_INLINE_LIMIT, aliases, defines } from './vite.shared.ts';

export const PUBLIC_MANIFEST = '.vite/public-manifest.json';
/** Route modules' chunks are named apart, so their imports can be told from a widget's. */
const ROUTE_CHUNK = 'route-';

/**
 * The client build of the prerendered public pages (decision 033), run after React Router's
 * build into the same build/client/assets: src/entry.public.tsx and the public route modules,
 * with 'react-router' replaced by lib/router-lite and React by Preact, so a public page downloads
 * a 10 KB runtime and its own code, not React and the router. A route module's stylesheets are React Router's build's, already
 * linked by every prerendered page (CSS modules give the same class names in both builds), so
 * importing a route module loads no CSS; a widget loaded later (the calendar) brings its own.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
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
    modulePreload: {
      resolveDependencies: (chunk, deps) => (chunk.startsWith(`assets/${ROUTE_CHUNK}`) ? deps.filter((dep) => !dep.endsWith('.css')) : deps),
    },
    sourcemap: process.env.HELILINE_SOURCEMAP === '1',
    rollupOptions: {
      input: fileURLToPath(new URL('./src/entry.public.tsx', import.meta.url)),
      output: {
        chunkFileNames: (chunk) => `assets/${chunk.facadeModuleId?.includes('/src/features/public/routes/') ? ROUTE_CHUNK : ''}[name]-[hash].js`,
      },
    },
  },
});
