import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** API calls go to the Fastify server while the Vite dev server serves the app. */
const API_TARGET = process.env.HELILINE_API ?? 'http://127.0.0.1:3100';
const domainSrc = fileURLToPath(new URL('../domain/src/', import.meta.url));
const proxied = [
  '/api',
  '/app/',
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

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // `@heliline/domain/<module>` imports one module of the domain instead of its barrel, so the
    // site shell does not pull zod and the ISO country lists into every public page.
    alias: [{ find: /^@heliline\/domain\/(.+)$/, replacement: `${domainSrc}$1.ts` }],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((p) => [
        p.endsWith('$') ? `^${p}` : p,
        {
          target: API_TARGET,
          changeOrigin: false,
          // The staff live channel (/app/{key}, the Pusher protocol) is a WebSocket.
          ws: p === '/app/',
          // /login, /logout and /password/reset are also app pages: only their POSTs go to the API.
          bypass: (req: { method?: string; url?: string }) => (p.endsWith('$') && req.method === 'GET' ? req.url : undefined),
        },
      ]),
    ),
  },
  define: {
    // The footer's copyright year: fixed at build so prerendered HTML and hydration agree.
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // What every page runs before it hydrates, in one file instead of a handful: each file is
              // a request competing with the stylesheets before the first paint (docs/performance.md).
              groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/ }],
            },
          },
        },
      },
    },
  },
  build: {
    // Hashed file names are served with a year-long immutable cache by the server.
    assetsInlineLimit: 2048,
    sourcemap: process.env.HELILINE_SOURCEMAP === '1',
  },
});
