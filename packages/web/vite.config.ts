import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const domainSrc = fileURLToPath(new URL('../domain/src/', import.meta.url));
const i18nLite = fileURLToPath(new URL('./src/lib/i18n-lite/', import.meta.url));

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

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // `@heliline/domain/<module>` imports one module of the domain instead of its barrel, so the
    // site shell does not pull zod and the ISO country lists into every public page.
    alias: [
      { find: /^@heliline\/domain\/(.+)$/, replacement: `${domainSrc}$1.ts` },
      // i18next and react-i18next are replaced by the small subset the app uses (decision 007):
      // ~17 KB gzip less on every page. Types still come from the real packages.
      { find: /^i18next$/, replacement: `${i18nLite}i18next.ts` },
      { find: /^react-i18next$/, replacement: `${i18nLite}react-i18next.ts` },
    ],
  },
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
  define: {
    // The footer's copyright year: fixed at build so prerendered HTML and hydration agree.
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  build: {
    // Hashed file names are served with a year-long immutable cache by the server.
    assetsInlineLimit: 2048,
    sourcemap: process.env.HELILINE_SOURCEMAP === '1',
  },
});
