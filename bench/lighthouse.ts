import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { indexablePages } from '../packages/web/scripts/public-pages.ts';
import { DEMO_PASSWORD } from '../packages/server/src/seed/demo-users.ts';

const WEB_BUILD = fileURLToPath(new URL('../packages/web/build/client', import.meta.url));
const DEMO_BUYER = 'user@heliline.test';
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

/** gzip size of a script of ours as the build holds it (what the budgets count), else what went over the wire. */
function gzipKb(url: string, transferSize: number): number {
  const file = join(WEB_BUILD, new URL(url).pathname);
  return (existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : transferSize) / 1024;
}

/** Lighthouse's mobile profile on one page: one line of figures. */
async function audit(url: string, chromePort: number, headers?: Record<string, string>): Promise<string> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(headers ? { extraHeaders: headers } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'no result');
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const jsKb = scripts.reduce((sum, r) => sum + gzipKb(r.url, r.transferSize ?? 0), 0);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  return [
    ...(landed === new URL(url).pathname ? [] : [`landed on ${landed}`]),
    `perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`,
    `LCP ${(value('largest-contentful-paint') / 1000).toFixed(2)} s`,
    `TBT ${Math.round(value('total-blocking-time'))} ms`,
    `CLS ${value('cumulative-layout-shift').toFixed(3)}`,
    // The number of files matters as well as their size: each is a request on the throttled link.
    `JS ${jsKb.toFixed(0)} KB gzip in ${scripts.length} files`,
  ].join(', ');
}

/** Lighthouse now and then fails to record a trace on a busy machine: three tries a page. */
async function auditPage(base: string, path: string, chromePort: number, headers?: Record<string, string>): Promise<void> {
  let line = '';
  for (let attempt = 1; attempt <= 3 && !line; attempt++)
    line = await audit(`${base}${path}`, chromePort, headers).catch((err: Error) => (attempt === 3 ? `not measured: ${err.message}` : ''));
  console.log(`  ${path}${headers ? ` (as ${DEMO_BUYER})` : ''}: ${line}`);
}

/** The session cookie of the demo buyer, logged in as the web app does (XSRF cookie, then the login). */
async function demoBuyerCookie(base: string): Promise<string> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrf = csrf.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: xsrf, 'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify({ email: DEMO_BUYER, password: DEMO_PASSWORD }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('heliline_session='));
  if (!session) throw new Error(`login of ${DEMO_BUYER} failed: ${res.status}`);
  return `${session.split(';')[0]}; ${xsrf}`;
}

/**
 * The public pages to audit: by default each page in Italian and the English home (the English
 * pages run the same code with other words), LH_PATHS=all every page in both languages, or a list
 * (LH_PATHS=/,/en/fares).
 */
function publicPaths(wanted: string | undefined): string[] {
  const pages = indexablePages();
  if (wanted === 'all') return pages.map((p) => p.path);
  if (wanted) return wanted.split(',');
  return [...pages.filter((p) => p.lang === 'it').map((p) => p.path), '/en'];
}

/** The public pages, then the booking screens; CHROME_PATH picks the browser. */
export async function runLighthouse(base: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const paths = publicPaths(process.env.LH_PATHS);
    console.log(`Lighthouse (mobile), one run a page; JS = the scripts' gzip size once the page is idle`);
    for (const path of paths) await auditPage(base, path, chrome.port);
    const cookie = await demoBuyerCookie(base);
    for (const path of ['/login', '/sign-up']) await auditPage(base, path, chrome.port);
    for (const path of ['/booking', '/my-tickets']) await auditPage(base, path, chrome.port, { cookie });
  } finally {
    chrome.kill();
  }
}
