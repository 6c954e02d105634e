// Builds what is missing or older than its sources: the web app (Vite, packages/web/build) and the
// compiled server (esbuild, packages/server/dist). Used by `npm start` and by the browser tests' server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = join(ROOT, 'packages/server/dist/main.js');
/**
 * Node's flags for the compiled server, wherever it runs (npm start, the browser tests, the bench,
 * the scale and fault tests; deploy/Dockerfile and the server package's start script repeat them).
 * Stack traces show TypeScript lines; a young generation of 32 MB (V8's default 16 MB) lets the
 * objects of the requests in flight die young under load instead of being copied into the old
 * generation (decision 041).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];

const TARGETS = {
  web: {
    output: 'packages/web/build/client/index.html',
    // The build prerenders the public pages, helipad posts included (their Markdown is content).
    sources: [
      'packages/web/src',
      'packages/web/public',
      'packages/web/scripts',
      'packages/web/vite.config.ts',
      'packages/web/react-router.config.ts',
      'packages/domain/src',
      'packages/content',
    ],
    command: ['npm', 'run', 'build', '-w', '@heliline/web'],
  },
  server: {
    output: 'packages/server/dist/main.js',
    // Our workspace packages are bundled into dist/main.js; third-party packages are not.
    sources: ['packages/server/src', 'packages/server/scripts', 'packages/domain/src', 'packages/content/src'],
    command: ['npm', 'run', 'build', '-w', '@heliline/server'],
  },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Rebuilds each named target whose output is missing or older than its newest source; exits on a failed build. */
export function ensureBuilt(names) {
  for (const name of names) {
    const { output, sources, command } = TARGETS[name];
    const out = join(ROOT, output);
    const builtAt = existsSync(out) ? statSync(out).mtimeMs : 0;
    const sourcesAt = Math.max(...sources.map((s) => newestMtime(join(ROOT, s))));
    if (builtAt >= sourcesAt) continue;
    console.log(builtAt ? `${name}: sources changed, rebuilding…` : `${name}: building (first start)…`);
    const build = spawnSync(command[0], command.slice(1), { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
