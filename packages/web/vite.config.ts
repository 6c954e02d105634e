import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [reactRouter()],
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
  },
});
