#!/usr/bin/env node
// Compiles the server for production: src/main.ts → dist/main.js, run with plain `node`, and the
// operator's command src/cli/create-admin.ts → dist/create-admin.js.
// Our workspace packages (@heliline/*) are TypeScript source, so they are bundled in; every
// third-party package stays external and is loaded from node_modules at run time.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bare imports other than ours (`fastify`, `node:fs`, `dayjs/plugin/utc.js`) are left to Node.
 * JSON files are bundled: esbuild drops the `with { type: 'json' }` an external JSON import needs.
 */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@heliline/') || path.endsWith('.json') ? undefined : { path, external: true }));
  },
};

await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts', 'src/cli/create-admin.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // `node --enable-source-maps dist/main.js` (what npm start runs) reports TypeScript lines in stack traces.
  plugins: [thirdPartyExternal],
  logLevel: 'warning',
});
console.log('server compiled: packages/server/dist/main.js, dist/create-admin.js');
