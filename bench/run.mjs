#!/usr/bin/env node
// `npm run bench [-- http | lighthouse | all] [--profile]`: the HTTP suite by default
// (bench/http), the browser one (bench/lighthouse), or both in turn. Exit code 1 when a
// target falls short, 2 when a suite could not run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const SUITES = { http: 'http/index.ts', lighthouse: 'lighthouse/index.ts' };
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const names = args.filter((a) => !a.startsWith('--'));
const wanted = names.length === 0 ? ['http'] : names.flatMap((n) => (n === 'all' ? ['http', 'lighthouse'] : [n]));
const unknown = wanted.filter((n) => !SUITES[n]);
if (unknown.length) {
  console.error(`unknown suite ${unknown.join(', ')}: use http (default), lighthouse or all`);
  process.exit(2);
}

let child = null;
// Ctrl-C reaches the suite too (same process group); it stops its own processes. A TERM sent to this process alone is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child?.kill('SIGTERM'));

let worst = 0;
for (const name of wanted) {
  if (wanted.length > 1) console.log(`\n=== bench: ${name}`);
  child = spawn(join(here, '../node_modules/.bin/tsx'), [join(here, SUITES[name]), ...flags], { stdio: 'inherit' });
  const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(signal ? 130 : (c ?? 2))));
  if (code === 130) process.exit(130);
  worst = Math.max(worst, code);
}
process.exit(worst);
