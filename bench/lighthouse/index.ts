/**
 * Lighthouse (mobile profile) against the built web app served by the real server on
 * 127.0.0.1: performance, accessibility, best practices and SEO of home, timetable, fares and
 * a company page, plus the JavaScript each page loads (gzip, as the server sends it precompressed).
 * Build first (`npm run build`); run under the shared build lock:
 *   flock /tmp/heliline-e2e.lock npx tsx bench/lighthouse/index.ts
 * Targets (decision 007): performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95,
 * initial JS < 150 KB gzip. Exit code 1 when a target is missed. LH_PATHS=/,/en overrides the pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/database.ts';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';
import { seed } from '../../packages/server/src/seed/index.ts';
import { WEB_BUILD_DIR } from '../../packages/server/src/plugins/web.ts';

const PATHS = (process.env.LH_PATHS ?? '/,/timetable,/fares,/company').split(',');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
const JS_BUDGET_KB = 150;
// The same Chromium and flags as the browser tests (e2e/playwright.config.ts).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

if (!existsSync(join(WEB_BUILD_DIR, '__spa-fallback.html'))) throw new Error(`no web build at ${WEB_BUILD_DIR}: run npm run build`);

const database = await openDatabase('sqlite::memory:');
await migrateToLatest(database.db);
await seed(database.db, { demo: false });
const app = await buildApp({ ...testConfig(), logLevel: 'silent' }, { database, serveWeb: true });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });

/** gzip size of a same-origin script, from the build (what the server's .gz sibling holds). */
function gzipKb(url: string): number {
  const path = new URL(url).pathname;
  const file = join(WEB_BUILD_DIR, path);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length / 1024 : 0;
}

/**
 * Initial JS: the scripts the prerendered HTML itself loads (module preloads and module
 * scripts), i.e. what hydration needs. Code a page fetches later, when the browser is idle
 * (carousel, date picker), is counted in the "all JS" column instead.
 */
async function initialJsKb(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)) srcs.add(m[1]!);
  return [...srcs].reduce((sum, src) => sum + gzipKb(new URL(src, url).href), 0);
}

interface Row {
  path: string;
  scores: Record<keyof typeof TARGETS, number>;
  initialKb: number;
  jsKb: number;
  scripts: number;
  failed: string[];
}

const rows: Row[] = [];
try {
  for (const path of PATHS) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { lhr } = result;
    const scores = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)])) as Row['scores'];
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base));
    const jsKb = scripts.reduce((sum, r) => sum + gzipKb(r.url), 0);
    const failed = Object.values(lhr.categories).flatMap((c) =>
      c.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c.id}/${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
    );
    rows.push({ path, scores, initialKb: await initialJsKb(`${base}${path}`), jsKb, scripts: scripts.length, failed });
  }
} finally {
  await chrome.kill();
  await app.close();
  await database.close();
}

let missed = false;
console.log('page                 perf  a11y  best   seo   initial JS   all JS gzip (scripts)');
for (const r of rows) {
  const ok = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).every((k) => r.scores[k] >= TARGETS[k]) && r.initialKb < JS_BUDGET_KB;
  missed ||= !ok;
  console.log(
    `${r.path.padEnd(20)} ${String(r.scores.performance).padStart(4)}  ${String(r.scores.accessibility).padStart(4)}  ${String(r.scores['best-practices']).padStart(4)}  ${String(r.scores.seo).padStart(4)}   ${r.initialKb.toFixed(1).padStart(6)} KB   ${r.jsKb.toFixed(1).padStart(6)} KB (${r.scripts})${ok ? '' : '   <- misses a target'}`,
  );
  for (const f of r.failed) console.log(`    ${f}`);
}
console.log(
  `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ≥ ${TARGETS.seo}, initial JS < ${JS_BUDGET_KB} KB gzip`,
);
process.exit(missed ? 1 : 0);
