#!/usr/bin/env node
// `npm run bench [name…]`: runs bench/<name>/index.ts for each suite (all by default).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const wanted = process.argv.slice(2);
const suites = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'index.ts')))
  .map((d) => d.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));

let failed = false;
for (const suite of suites) {
  console.log(`\n=== bench/${suite}`);
  const run = spawnSync(join(here, '../node_modules/.bin/tsx'), [join(here, suite, 'index.ts')], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
