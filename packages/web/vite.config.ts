import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { ASSETS_INLINE_LIMIT, aliases, defines } from './vite.shared.ts';

/** API calls go to the Fastify server while the Vite dev server serves the app. */
const API_TARGET = process.env.HELILINE_API ?? 'http://127.0.0.1:3100';
const proxied = [
  '/api',
  '/sanctum',
  '/password/email',
  '/password/reset$',
  '/email',
  '/login$',
  '/logout$',
  '/dev/mailbox',
  '/company-pages',
  '/timetable-grid',
  '/sandbox-bank',
  '/payment-link',
  '/paypal-standin',
];

/**
 * What every app screen runs before its own code, in one chunk (decision 023, fifth round): React,
 * React Router, TanStack Query, Mantine's provider and styles system with the components every
 * screen's shell and forms show, and our own API client, session, paths and dictionaries loader.
 * Left to automatic chunking these were ~40 small files a first visit fetched one by one, each
 * compressed on its own: as one file /login, /booking and /my-tickets download 13–17 KB (gzip)
 * less. Only modules every app screen loads belong here: a module used by some screens would
 * be downloaded by all (Mantine's hooks as a whole, tried: +3 KB on /login; the one every screen
 * runs is in). Public pages never load it (their own build, decision 033).
 */
const APP_RUNTIME = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
  /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled[\\/]/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Button|Group|Title|Stack|SimpleGrid|TextInput|InputBase|Input|CloseButton|Loader|ActionIcon|UnstyledButton|Container|Paper|Text|Alert)[\\/]/,
  /[\\/]web[\\/]src[\\/](i18n[\\/](index|use-lang)|lib[\\/](paths|stored-user|errors|query-client|notify)|api[\\/](client|session)|components[\\/]PageLoader|app[\\/]layout[\\/]nav-items|features[\\/]public[\\/]shared[\\/]base)\.tsx?$/,
  /[\\/]domain[\\/]src[\\/]i18n[\\/]lang\.ts$/,
];

/**
 * /booking's own first-load modules in one chunk (decision 023, sixth round): the wizard's shell,
 * state and step 1, and the rules steps 1–3 run. Left to automatic chunking they were ~25 small
 * files, because the lazy steps share them. Only modules no other screen imports belong here
 * (checked: the wizard's date helpers, its flights API and toasts are shared with my-tickets and the
 * receipt, so they stay out), and only they: `includeDependenciesRecursively: false` keeps their
 * shared dependencies (Mantine, the message tables) in the chunks other screens load too.
 */
const BOOKING_FIRST_LOAD = [
  /[\\/]web[\\/]src[\\/]features[\\/]booking[\\/]routes[\\/]booking\.tsx$/,
  /[\\/]web[\\/]src[\\/]features[\\/]booking[\\/]components[\\/](BookingWizard|Step1Route|RouteMap|PaxCounters|StepBar|ErrorSummary|LabeledSegments|lazy-steps|use-store-booking)\.tsx?$/,
  /[\\/]web[\\/]src[\\/]features[\\/]booking[\\/]wizard[\\/](blocked|draft-storage|navigation|use-step-history|own|payload|state|validate|issue-fields|staff|costs|invoice|search|limits)\.ts$/,
  /[\\/]web[\\/]src[\\/]features[\\/]booking[\\/]api[\\/](session-expired|blocked-seats|store-booking)\.ts$/,
  /[\\/]domain[\\/]src[\\/]booking[\\/](step1|step2|step3|totals|wizard-messages)\.ts$/,
];

/**
 * `includeDependenciesRecursively: false` needs entry chunks (route modules) that may export more
 * than their own exports (`allow-extension`, which no importer sees). React Router sets
 * `exports-only` for each environment; this runs after it.
 */
function entrySignaturesForGroups(): Plugin {
  return {
    name: 'heliline:entry-signatures-for-groups',
    enforce: 'post',
    configEnvironment: () => ({ build: { rollupOptions: { preserveEntrySignatures: 'allow-extension' } } }),
  };
}

export default defineConfig({
  plugins: [reactRouter(), entrySignaturesForGroups()],
  resolve: { alias: aliases },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((p) => [
        p.endsWith('$') ? `^${p}` : p,
        {
          target: API_TARGET,
          changeOrigin: false,
          // The staff live channel (/api/realtime) is a WebSocket.
          ws: p === '/api',
          // /login, /logout and /password/reset are also app pages: only their POSTs go to the API.
          bypass: (req: { method?: string; url?: string }) => (p.endsWith('$') && req.method === 'GET' ? req.url : undefined),
        },
      ]),
    ),
  },
  define: defines,
  build: {
    assetsInlineLimit: ASSETS_INLINE_LIMIT,
    sourcemap: process.env.HELILINE_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app-runtime', test: (id: string) => APP_RUNTIME.some((pattern) => pattern.test(id)) },
            { name: 'booking-wizard', test: (id: string) => BOOKING_FIRST_LOAD.some((pattern) => pattern.test(id)), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
