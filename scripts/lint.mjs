#!/usr/bin/env node
// `npm run lint`: ESLint, Prettier's check and the dependency rules, one after the other. Every check
// runs even when an earlier one fails, so one run shows all there is to fix; the exit code is 1 if any failed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);

const checks = [
  ['ESLint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['Prettier', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['dependency rules', bin('depcruise'), ['packages', 'e2e', 'scripts', 'bench', '--config', '.dependency-cruiser.cjs']],
];

const failed = [];
for (const [name, command, args] of checks) {
  console.log(`== ${name}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nlint failed: ${failed.join(', ')} (npm run format fixes formatting, npx eslint . --fix what ESLint can)`);
  process.exit(1);
}
