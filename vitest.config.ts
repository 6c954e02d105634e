import { defineConfig } from 'vitest/config';

// Unit tests (domain, content, web) and app.inject() tests (server). Browser flows live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'content', root: 'packages/content', include: ['test/**/*.test.ts'] } },
      // The web app's pure modules (wizard reducer, payload): no DOM needed.
      { test: { name: 'web', root: 'packages/web', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PostgreSQL tests share one database: run files one at a time there.
          fileParallelism: !process.env.DATABASE_URL,
        },
      },
    ],
  },
});
