#!/usr/bin/env node
// Where a CPU profile's time went (node --cpu-prof): self time by package and by function, in %
// of the busy time (idle left out). `npm run bench -- --profile` prints this for each path;
// by hand: node bench/profile-summary.mjs FILE.cpuprofile [top functions, default 25]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** node_modules/<package>, our bundle (dist/main.js = "app"), or V8's own entries ((garbage collector), (program)…). */
function packageOf(url, functionName) {
  const m = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes('/dist/') || url.includes('/packages/')) return 'app';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  return url || functionName;
}

function shortUrl(url) {
  return url.replace(/.*node_modules\//, '').replace(/.*\/packages\/server\/dist\//, 'dist/');
}

/** { busyMs, idleMs, packages: [[name, ms]], functions: [[label, ms]] }, largest first. */
export function summarise(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const packages = new Map();
  const functions = new Map();
  let idle = 0;
  let busy = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    const pkg = packageOf(url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const label = url ? `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}` : functionName;
    functions.set(label, (functions.get(label) ?? 0) + us);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / 1000]);
  return { busyMs: busy / 1000, idleMs: idle / 1000, packages: sorted(packages), functions: sorted(functions) };
}

/** The printed summary: top packages and top functions by self time, % of busy time. */
export function formatSummary(file, top = 25) {
  const s = summarise(file);
  const pct = (ms) => `${((100 * ms) / s.busyMs).toFixed(1).padStart(5)}%`;
  return [
    `busy ${(s.busyMs / 1000).toFixed(1)} s, idle ${(s.idleMs / 1000).toFixed(1)} s`,
    'by package (self time):',
    ...s.packages.slice(0, 12).map(([k, ms]) => `  ${pct(ms)}  ${k}`),
    'by function (self time):',
    ...s.functions.slice(0, top).map(([k, ms]) => `  ${pct(ms)}  ${k}`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv[2]) {
    console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [top]');
    process.exit(2);
  }
  console.log(formatSummary(process.argv[2], Number(process.argv[3] ?? 25)));
}
