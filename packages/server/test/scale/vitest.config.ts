import { defineConfig } from 'vitest/config';

// `npm run test:scale`: nginx + two compiled instances on PostgreSQL (proxy.scale.ts). Not part of
// the server project: it needs the compiled server, nginx and a PostgreSQL server.
export default defineConfig({
  test: {
    name: 'scale',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.scale.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
