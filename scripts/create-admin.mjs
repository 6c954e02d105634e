#!/usr/bin/env node
// `npm run create-admin -- --email <address> [--name "<first> <last>"]`: compiles the server when
// its build is stale (as npm start does), then runs the compiled command with this terminal's
// standard input, so a piped or typed password reaches it (packages/server/src/cli/admin-command.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ROOT } from './ensure-built.mjs';

ensureBuilt(['server']);
const command = spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'packages/server/dist/create-admin.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
command.on('exit', (code) => process.exit(code ?? 1));
