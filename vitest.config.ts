import { defineConfig } from 'vitest/config';

/** The server's app.inject() tests: each file builds its app on a private database (test/helpers.ts). */
const server = {
  root: 'packages/server',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // PostgreSQL tests share one database: run files one at a time there.
  fileParallelism: !process.env.DATABASE_URL,
};
const serverTests = ['src/**/*.test.ts', 'test/**/*.test.ts'];
/**
 * Files that instrument the app's modules: a vi.mock of a library the routes import, a
 * recording Kysely plugin that must see every query compiled (the app compiles hot queries
 * once per process). They need a module graph of their own.
 */
const ownModuleGraph = ['test/fuzz-openapi.test.ts', 'test/booking-write-path.test.ts'];

// Unit tests (domain, content, web) and app.inject() tests (server). Browser flows live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'content', root: 'packages/content', include: ['test/**/*.test.ts'] } },
      // The web app's pure modules (wizard reducer, payload): no DOM needed.
      { test: { name: 'web', root: 'packages/web', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
      // Test files share a worker's loaded modules: loading the app's module graph afresh for
      // each file took half the suite's time. Every file still builds its own app and database.
      { test: { name: 'server', ...server, include: serverTests, exclude: ownModuleGraph, isolate: false } },
      { test: { name: 'server-own-modules', ...server, include: ownModuleGraph } },
    ],
  },
});
